"""Always-on detectors: values no memory may hold, whatever the store's policy says.

Text-level (no parser, so the items API can refuse them on a light cold start):
- credentials: detect-secrets' own plugins (AWS, GitHub, Slack, Stripe, JWT, private keys, …,
  and its KeywordDetector for `password: x` / `api_key = "x"`), long high-entropy tokens, a long
  token of letters and digits named a key ("my api key: 8f14e45f…"), and a
  credential stated in words: a credential noun (data file `privacy_terms.jsonl`) with a
  secret-shaped token near it ("my password is Walrus%5571", "I use Gra.Quar.2003! for every
  login"); a token mixing all four character classes is one by itself;
- payment cards (Luhn), IBANs (mod 97), national ids with check digits (python-stdnum; also any
  number a sentence names by a stdnum country module's name, "my BSN", checked by that module), and
  bank/government numbers stated as such (UK NI numbers have no check digit: these go by context) (an identifier noun followed by a long number);
- phone numbers (phonenumbers, validated against a few regions' numbering plans) and e-mails.

Syntax-level (on a parsed `Sentence`): exact ages ("I'm 34", "I turned thirty-four", "34 years
old"), birth dates, and street addresses (a house number inside a street noun phrase, or a named
street said to be someone's address or where they live).

Values (`Hit.value`) stay in memory only, to scrub repeats elsewhere in a batch; nothing here
logs or reports them."""

from __future__ import annotations

import calendar
import functools
import importlib
import importlib.util
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memstore.domain.language.examples import load
from memstore.domain.language.syntax import Sentence, Token

BLOCKING = frozenset({"credential", "payment_card", "bank_account", "government_id"})
"""What the items API refuses outright (the rest is screened only from extracted memories)."""


@dataclass(frozen=True)
class Hit:
    category: str
    value: str
    holder: str | None = None
    """For an age: the noun of whoever's it is, when a possessed noun says so ("my cat is 14": "cat")."""


@functools.cache
def terms(label: str) -> frozenset[str]:
    return frozenset(e.text for e in load("privacy_terms") if e.label == label)


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CARD = re.compile(r"(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,32}", re.IGNORECASE)
_NATIONAL_IDS = (
    ("us", "ssn", re.compile(r"\b\d{3}[- ]\d{2}[- ]\d{4}\b")),
    ("ca", "sin", re.compile(r"\b\d{3}[- ]\d{3}[- ]\d{3}\b")),
    ("in", "aadhaar", re.compile(r"\b\d{4} \d{4} \d{4}\b")),
    ("es", "dni", re.compile(r"\b\d{8}-?[A-Z]\b")),
    ("it", "codicefiscale", re.compile(r"\b[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]\b")),
)
_PHONE_REGIONS = ("US", "GB", "DE", "FR", "IN", "AU")
_EDGE = "\"'()[]{}<>,.;:"
_MONTHS = frozenset(m.lower() for m in (*calendar.month_name[1:], *calendar.month_abbr[1:]))


def _classes(token: str) -> int:
    return sum(
        (
            any(c.islower() for c in token),
            any(c.isupper() for c in token),
            any(c.isdigit() for c in token),
            any(not c.isalnum() for c in token),
        )
    )


def _ordinary(token: str) -> bool:
    """Dates, times, prices, amounts, URLs, e-mails, handles: not a secret however mixed they look
    ("Pumice77@bergamot" has no domain: it is no e-mail)."""
    if _EMAIL.fullmatch(token) or token.startswith("@") or "://" in token or token.lower().startswith("www."):
        return True
    letters = sum(c.isalpha() for c in token)
    stripped = token.lstrip("$€£¥").rstrip("%kKmMsx")
    return letters <= 2 and bool(stripped) and all(c.isdigit() or c in ",.:/-" for c in stripped)


def _secret_shaped(token: str) -> bool:
    return (
        len(token) >= 6
        and _classes(token) >= 3
        and any(not c.isalpha() for c in token)
        and not _ordinary(token)
    )


def _words(text: str) -> list[str]:
    return [w.strip(_EDGE) for w in text.split() if w.strip(_EDGE)]


def _noun(word: str) -> str:
    w = word.lower().strip("'’")
    return w[:-1] if w.endswith("s") and len(w) > 4 else w


@functools.cache
def _secret_plugins() -> tuple[Any, ...]:
    """detect-secrets' pattern detectors, imported on first use (keeps cold starts light)."""
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    from detect_secrets.plugins.base import RegexBasedDetector

    return tuple(
        cls()
        for cls in get_mapping_from_secret_type_to_class().values()
        if issubclass(cls, RegexBasedDetector) and cls.__name__ != "IPPublicDetector"
    )


def _secrets_library(text: str) -> list[Hit]:
    from detect_secrets.plugins.keyword import CONFIG_DENYLIST_REGEX_TO_GROUP, KeywordDetector

    hits = [Hit("credential", v) for p in _secret_plugins() for v in p.analyze_string(text) if len(v) >= 4]
    keyword = KeywordDetector().analyze_string(text, denylist_regex_to_group=CONFIG_DENYLIST_REGEX_TO_GROUP)
    hits += [Hit("credential", v) for v in keyword if v and len(v) >= 4 and _classes(v) >= 2]
    return hits


def _entropy(token: str) -> float:
    counts = Counter(token)
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values())


def _keyword(word: str) -> bool:
    """ "key", "api-key", "access_key": a word that makes a long mixed token after it a key."""
    return re.split(r"[-_]", word.lower())[-1] in ("key", "keys")


def _key_shaped(token: str) -> bool:
    """Long, with letters and digits interleaved (a key, not a name like "2026Q4-roadmap")."""
    alnum = [c for c in token if c.isalnum()]
    switches = sum(a.isdigit() != b.isdigit() for a, b in zip(alnum, alnum[1:], strict=False))
    return len(token) >= 16 and switches >= 4 and not _ordinary(token)


def _credentials(text: str) -> list[Hit]:
    hits = _secrets_library(text)
    words = _words(text)
    nouns = terms("credential")
    for i, w in enumerate(words):
        if _keyword(w):
            hits += [Hit("credential", v) for v in words[i + 1 : i + 5] if _key_shaped(v)][:1]
        long_random = len(w) >= 20 and _classes(w) >= 2 and any(c.isdigit() for c in w) and not _ordinary(w)
        if long_random and _entropy(w) >= 0.75 * math.log2(len(w)):
            hits.append(Hit("credential", w))
        if len(w) >= 8 and _classes(w) == 4 and not _ordinary(w):
            hits.append(Hit("credential", w))
        if _noun(w) not in nouns:
            continue
        for v in words[i + 1 : i + 5]:
            # letters alone, even capitalised ("my logins are in Proton Pass"), name a thing
            if (
                _secret_shaped(v)
                or (v.isdigit() and len(v) >= 4)
                or (_classes(v) >= 2 and len(v) >= 6 and not v.isalpha())
            ):
                hits.append(Hit("credential", v))
                break
        hits += [Hit("credential", v) for v in words[max(0, i - 6) : i] if _secret_shaped(v)]
    return hits


def _numbers(text: str) -> list[Hit]:
    from stdnum import iban, luhn
    from stdnum.util import get_cc_module

    hits = []
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if len(set(digits)) > 1 and luhn.is_valid(digits):
            hits.append(Hit("payment_card", m.group()))
    banking = {"account", "sort", "routing", "iban", "swift", "bic", "bank"}
    named_bank = bool(banking & {_noun(w) for w in _words(text)})
    for m in _IBAN.finditer(text):
        raw = m.group()
        for end in range(len(raw), 14, -1):
            if iban.is_valid(raw[:end]):
                hits.append(Hit("bank_account", raw[:end]))
                break
        else:
            # a mistyped IBAN is still one when the sentence says it is about a bank account
            if named_bank and sum(c.isdigit() for c in raw) >= 8:
                hits.append(Hit("bank_account", raw))
    for country, name, pattern in _NATIONAL_IDS:
        module = get_cc_module(country, name)
        hits += [
            Hit("government_id", m.group()) for m in pattern.finditer(text) if module.is_valid(m.group())
        ]
    words = _words(text)
    hits += _named_ids(words)
    for i, w in enumerate(words):
        if _noun(w) not in terms("identifier"):
            continue
        run = []
        for v in words[i + 1 : i + 7]:
            if any(c.isdigit() for c in v) and v.replace("-", "").isalnum():
                run.append(v)
            elif run:
                break
        if sum(c.isdigit() for c in "".join(run)) >= 5:
            hits.append(Hit("bank_account" if _noun(w) in banking else "government_id", " ".join(run)))
    return hits


@functools.cache
def _id_modules() -> dict[str, tuple[str, ...]]:
    """python-stdnum's country modules by their name ("bsn" → stdnum.nl.bsn, "pesel", "cpf"), read
    from the package's files so that none is imported before a sentence names it."""
    spec = importlib.util.find_spec("stdnum")
    if spec is None or spec.origin is None:
        return {}
    out: defaultdict[str, list[str]] = defaultdict(list)
    for path in Path(spec.origin).parent.glob("*/*.py"):
        if len(path.parent.name) == 2 and len(path.stem) >= 3 and not path.stem.startswith("_"):
            out[path.stem].append(f"stdnum.{path.parent.name}.{path.stem}")
    return {name: tuple(modules) for name, modules in out.items()}


def _named_ids(words: list[str]) -> list[Hit]:
    """A number that a sentence names by an official identifier's name and that passes that
    identifier's check: "742412209, that's my BSN", "my PESEL is 44051401458"."""
    modules = [m for w in words for m in _id_modules().get(w.lower(), ())]
    if not modules:
        return []
    numbers = [w for w in words if sum(c.isdigit() for c in w) >= 5]
    runs = [" ".join(words[i : i + n]) for i in range(len(words)) for n in (2, 3, 4) if i + n <= len(words)]
    candidates = numbers + [
        r for r in runs if sum(c.isdigit() for c in r) >= 5 and not any(c.isalpha() for c in r)
    ]
    hits = []
    for name in modules:
        module = importlib.import_module(name)
        hits += [Hit("government_id", v) for v in candidates if _valid(module, v)]
    return hits


def _valid(module: Any, value: str) -> bool:
    try:
        return bool(module.is_valid(value))
    except Exception:  # noqa: BLE001 - a module's own validation failing is no match
        return False


MIN_PHONE_DIGITS = 7
"""Fewer digits than a subscriber number has almost anywhere."""


def _contacts(text: str) -> list[Hit]:
    import phonenumbers

    hits = [Hit("email_address", m.group()) for m in _EMAIL.finditer(text)]
    seen = set()
    for region in _PHONE_REGIONS:
        for m in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID):
            # "$168.00": a short run with a decimal point is an amount, whatever a small
            # numbering plan allows
            amount = "." in m.raw_string and sum(c.isdigit() for c in m.raw_string) < MIN_PHONE_DIGITS
            # "ring number PL-0331-21-4477": digits a hyphen joins to letters are part of a code
            coded = m.start >= 2 and text[m.start - 1] == "-" and text[m.start - 2].isalpha()
            if m.start not in seen and not amount and not coded:
                seen.add(m.start)
                hits.append(Hit("phone_number", m.raw_string))
    return hits


def text_hits(text: str) -> list[Hit]:
    """Everything found without a parser: credentials, cards, bank and government ids, phones, e-mails."""
    if not text.strip():
        return []
    return _credentials(text) + _numbers(text) + _contacts(text)


def blocking(text: str) -> list[str]:
    """The blocking categories `text` holds (names only), for the items API."""
    return sorted({h.category for h in text_hits(text) if h.category in BLOCKING})


# ----------------------------------------------------------------------------- syntax detectors


def _number(text: str) -> bool:
    return text.isdigit() and 0 < int(text) <= 120


def _distance_ok(s: Sentence, a: int, b: int) -> bool:
    """a and b are within two dependency arcs of each other."""
    ta, tb = s.tokens[a], s.tokens[b]
    near = {ta.i, ta.head, s.tokens[ta.head].head}
    return tb.i in near or tb.head in near or s.tokens[tb.head].head == ta.i


def _holder(s: Sentence, number: Token) -> str | None:
    """The possessed noun that is the subject of the clause a number sits in ("my dog is 12",
    "our tortoise Kuno is 31 years old", "my cat Pączek is 14"), if any."""
    verb = number
    while verb.pos not in ("VERB", "AUX") and verb.head != verb.i:
        verb = s.tokens[verb.head]
    subjects = [c for c in s.children(verb) if c.dep in ("nsubj", "nsubjpass")]
    nouns = [*subjects, *(n for c in subjects for n in s.children(c) if n.dep in ("appos", "compound"))]
    owned = [n for n in nouns if n.pos == "NOUN" and any(g.dep == "poss" for g in s.children(n))]
    return owned[0].lemma.lower() if owned else None


def _ages(s: Sentence) -> list[Hit]:
    return [Hit("exact_age", t.text, _holder(s, t)) for t in _age_numbers(s)]


def _age_numbers(s: Sentence) -> list[Token]:
    """The numbers that state someone's age."""
    found = []
    ages = terms("age")
    for t in s.tokens:
        if t.tag != "CD" or not (_number(t.text) or t.text.isalpha() or "-" in t.text):
            continue
        head = s.tokens[t.head]
        # "I'm 34", "she is thirty-four": a bare number as the complement of a person's copula
        if t.dep in ("attr", "acomp", "oprd") and head.lemma == "be":
            subjects = [c for c in s.children(head) if c.dep == "nsubj"]
            # a person: a pronoun, a name, someone's (noun), or "the user" of a rewritten fact
            personal = any(
                c.pos in ("PRON", "PROPN") or c.lower == "user" or any(g.dep == "poss" for g in s.children(c))
                for c in subjects
            )
            # "I'll be 41 on race week": a time phrase the parser hung on the number keeps it an age
            measured = [c for c in s.children(t) if c.dep in ("prep", "npadvmod") and c.lower not in _WHEN]
            if personal and not measured:
                found.append(t)
                continue
        # "im karthik, 15, class 10": a bare number set beside the user's name is their age
        if t.dep == "appos" and head.dep == "attr" and _said_of_me(s, s.tokens[head.head]):
            found.append(t)
            continue
        # "At 49 I finally feel …": a bare number after "at" that qualifies a whole clause is a
        # time of life (a clock time is 1-12, or carries "pm", "o'clock", …)
        clause_level = head.lower == "at" and s.tokens[head.head].pos in ("VERB", "AUX")
        if (
            t.dep == "pobj"
            and clause_level
            and not s.children(t)
            and t.text.isdigit()
            and 13 <= int(t.text) <= 120
        ):
            found.append(t)
            continue
        for a in s.tokens:
            linked = (a.lemma.lower() in ages or a.lower in ages) and a.i != t.i and _distance_ok(s, a.i, t.i)
            if linked and (t.dep != "pobj" or a.lower.startswith("age")):
                found.append(t)
                break
    return found


_WHEN = ("on", "in", "by", "at", "next", "this")
"""Prepositions and determiners that open a time phrase ("on race week", "in May", "next month")."""


def _said_of_me(s: Sentence, verb: Token) -> bool:
    return verb.lemma == "be" and any(
        c.dep == "nsubj" and c.pos == "PRON" and c.morph.get("Person") == "1" for c in s.children(verb)
    )


def _dated(t: Token) -> bool:
    ordinal = t.lower[:-2].isdigit() and t.lower[-2:] in ("st", "nd", "rd", "th")  # "5th"
    return t.tag == "CD" or t.lower.strip(".") in _MONTHS or ordinal


def _the_users(s: Sentence, mark: Token) -> bool:
    """Whether a birth word is the user's: "my birthday", "the user's date of birth", "I was
    born", "Born on 3 May 1970" (no one else named). "Ewa's birthday", "my da's birthday", "my
    sister was born in May" are a relative's, which the user may well ask to keep for them."""
    kids = s.children(mark)
    owners = [c for c in kids if c.dep in ("poss", "compound", "nsubj", "nsubjpass")]
    owners += [c for c in kids if c.dep == "amod" and c.text.istitle()]  # a name the tagger misread
    if mark.dep in ("pobj", "compound") and not owners:  # "the date of my birth", "my son's birthday party"
        owners = [c for c in s.children(s.tokens[mark.head]) if c.dep == "poss"]
    dates = {x.i for t in s.tokens if _dated(t) for x in s.subtree(t)}
    owners = [o for o in owners if o.i not in dates]
    return not owners or any(
        (o.pos == "PRON" and o.morph.get("Person") == "1") or o.lower == "user" for o in owners
    )


def _birth(s: Sentence) -> list[Hit]:
    words = terms("birth")
    marks = [t for t in s.tokens if t.lower in words or t.lemma.lower() in words]
    if not any(_the_users(s, t) for t in marks):
        return []
    dated = [t for t in s.tokens if _dated(t)]
    return [Hit("birth_date", " ".join(t.text for t in dated))] if dated else []


def _addresses(s: Sentence) -> list[Hit]:
    hits = []
    streets = terms("street")
    for t in s.tokens:
        if t.lower.strip(".") not in streets or t.pos not in ("PROPN", "NOUN") or t.tag in ("NNS", "NNPS"):
            continue
        for n in s.subtree(t):
            if n.i < t.i and t.i - n.i <= 5 and _house_number(n):
                hits.append(Hit("street_address", " ".join(x.text for x in s.tokens[n.i : t.i + 1])))
                break
        else:
            if _named_street(s, t) and (_residence(s, t) or _listed_with_number(s, t)):
                hits.append(Hit("street_address", " ".join(x.text for x in s.subtree(t) if x.dep != "det")))
    return hits + _numbered_after(s) + _labelled(s)


def _labelled(s: Sentence) -> list[Hit]:
    """ "… wants my home address for the form: 9 Ffordd Penrhos, Aberystwyth": what follows a
    colon after the word "address" or "home", opening with a house number and a name, is the
    address itself, whatever the country's word for street."""
    words = terms("residence")
    for t in s.tokens:
        if t.pos != "NOUN" or t.lemma.lower() not in words:
            continue
        colon = next((x for x in s.tokens[t.i + 1 :] if x.text == ":"), None)
        after = [x for x in s.tokens[colon.i + 1 :] if x.pos != "PUNCT"] if colon else []
        if len(after) >= 2 and _house_number(after[0]) and after[1].text[:1].isupper():
            return [Hit("street_address", " ".join(x.text for x in after))]
    return []


def _house_number(token: Token) -> bool:
    number = token.text.rstrip("abcdefghABCDEFGH")
    return number.isdigit() and len(number) <= 5


def _listed_with_number(s: Sentence, street: Token) -> bool:
    """ "Flat 7B, Sai Kripa Apartments, Baner Road": a named street set in apposition to a phrase
    that holds a house or flat number is the last line of an address written out."""
    top, steps = street, 0
    while top.dep in ("appos", "conj") and steps < 3:
        top, steps = s.tokens[top.head], steps + 1
    own = {x.i for x in s.subtree(street)}
    return top is not street and any(_house_number(x) and x.i not in own for x in s.subtree(top))


def _numbered_after(s: Sentence) -> list[Hit]:
    """ "My new address is Sonnenallee 112", "I live at Kolokotroni 42": a name with the house
    number after it, said to be where someone lives, is a street address in the many countries
    that write the number second and need no word for "street"."""
    words = terms("residence")
    hits = []
    for t, n in zip(s.tokens, s.tokens[1:], strict=False):
        number = n.text.rstrip("abcdefghABCDEFGH")
        if t.pos != "PROPN" or not number.isdigit() or len(number) > 4 or n.head != t.i:
            continue
        head = s.tokens[t.head]
        said_home = any(c.dep == "compound" and c.lemma.lower() in words for c in s.children(t))
        if (
            _residence(s, t)
            or said_home
            or (head.pos == "ADP" and s.tokens[head.head].lemma.lower() in words)
        ):
            hits.append(Hit("street_address", " ".join(x.text for x in s.subtree(t) if x.dep != "det")))
    return hits


def _named_street(s: Sentence, street: Token) -> bool:
    """ "Gilcrux Road": a thoroughfare noun with a proper name of its own before it."""
    return any(c.dep == "compound" and c.pos == "PROPN" and c.i < street.i for c in s.children(street))


def _residence(s: Sentence, street: Token) -> bool:
    """A named street without a house number is still a home address when it is said to be
    someone's address ("my address is Gilcrux Road") or where they live ("lives on Gilcrux Road")."""
    words = terms("residence")
    head = s.tokens[street.head]
    if street.dep == "attr" and head.lemma == "be":
        return any(c.dep in ("nsubj", "nsubjpass") and c.lemma.lower() in words for c in s.children(head))
    if street.dep == "pobj" and head.pos == "ADP":
        return s.tokens[head.head].lemma.lower() in words
    return False


def syntax_hits(sentence: Sentence) -> list[Hit]:
    return _ages(sentence) + _birth(sentence) + _addresses(sentence)
