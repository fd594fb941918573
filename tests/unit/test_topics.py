from memstore.domain.models import Kind
from memstore.domain.topics import PROCEDURAL_GLOSS, glosses, search_text


def test_known_topics_get_their_gloss_others_their_own_words():
    occupation = glosses()["occupation"]
    assert (
        search_text("The user is a nurse.", "occupation", Kind.USER_PROFILE)
        == f"The user is a nurse. ({occupation})"
    )
    assert search_text("Use bullets.", None, Kind.PROCEDURAL) == f"Use bullets. ({PROCEDURAL_GLOSS})"
    assert search_text("Likes jazz.", "music:genre", Kind.USER_PROFILE) == "Likes jazz. (music genre)"
    assert search_text("Talked about jazz.", None, Kind.CHAT_SUMMARY) == "Talked about jazz."


def test_glosses_name_no_values():
    for text in glosses().values():
        assert not any(word[:1].isupper() for word in text.split()[1:])


def test_every_facet_has_a_gloss():
    from memstore.domain.language import examples

    assert {e.label for e in examples.load("facets")} == set(glosses())
