"""What a memory's topic means to retrieval.

An extractor files a memory under a topic ("job", "diet", "procedural:format"). Search indexes
a memory by its content plus a short gloss of its topic, so a request that never names the
value still finds it: "draft a bio that mentions my profession" reaches "The user is a
translator." through the gloss of "job". This is document expansion; the gloss describes what
the slot is, in general words, never any particular value. Topics without a gloss (free-form
ones from a chat model) contribute their own words."""

from __future__ import annotations

from memstore.domain.models import Kind

GLOSSES = {
    "name": "the user's name: who they are, how to introduce, greet, address or sign for them",
    "job": "the user's job: profession, occupation, career, workplace, line of work",
    "home city": "where the user lives: home town, city, neighbourhood, local area",
    "diet": "the user's diet: what they eat or avoid, meals, cooking, menus, restaurants",
    "food:cuisine": "the user's favourite cuisine: food, dishes, meals, restaurants, takeaway",
    "drink:hot": "the user's usual drink: coffee or tea order",
    "editor": "the user's code editor or development environment: programming tools, setup",
    "language learning": "a language the user is learning or studying",
    "schedule:remote day": "the user's weekly schedule: remote, home-office and office days, availability",
}
PROCEDURAL_GLOSS = "how the user wants answers: preferred format, style, length, tone"


def gloss(topic: str | None, kind: Kind) -> str | None:
    if topic and topic in GLOSSES:
        return GLOSSES[topic]
    if kind == Kind.PROCEDURAL:
        return PROCEDURAL_GLOSS
    if topic:
        return topic.replace(":", " ").replace("_", " ")
    return None


def search_text(content: str, topic: str | None, kind: Kind) -> str:
    """The text a memory is embedded and BM25-indexed under (never shown to anyone)."""
    extra = gloss(topic, kind)
    return f"{content} ({extra})" if extra else content
