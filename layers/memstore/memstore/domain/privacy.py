"""The privacy guard: what no extractor may turn into a memory.

Applied after every extractor (rules and chat models alike), so a model that ignores its
instructions still cannot store a password. Always on: credentials and secrets, payment
cards (Luhn), IBANs (mod 97) and bank account details, exact ages and birth dates, precise
street addresses. On when the store's `user_profile_details` excludes them ("Do not store …",
"never store …", "avoid …"): health, politics, religion, sexual orientation, finances,
ethnicity, criminal history.

A profile or procedural candidate that trips a rule is dropped whole (the sensitive part is
usually the fact itself); a chat summary loses only its offending sentences."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from memstore.domain.commands import split_sentences
from memstore.domain.models import Kind, StoreOptions
from memstore.ports.extractor import Candidate

# --------------------------------------------------------------------------- always-on detectors

_SECRET_WORDS = re.compile(
    r"\b(?:pass(?:word|wd|code|phrase)s?|pwd|pin\s+(?:code|number)|my\s+pin|api[\s_-]?keys?|"
    r"(?:access|auth|bearer|secret|private|session|refresh|personal\s+access)[\s_-]?(?:keys?|tokens?)|"
    r"tokens?|secret|secrets|credentials?|client[\s_-]?secret|ssh\s+key|2fa|otp|"
    r"one[\s-]time\s+code|security\s+(?:code|question|answer)|cvv|cvc|login\s+details|"
    r"social\s+security(?:\s+number)?|ssn|passport\s+number|national\s+insurance(?:\s+number)?)\b",
    re.IGNORECASE,
)
_SECRET_SHAPES = re.compile(
    r"(?:\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{8,}|"
    r"\bsk-(?:proj-|ant-)?[A-Za-z0-9_\-]{16,}|"
    r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{12,}|"
    r"\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}|"
    r"\bglpat-[A-Za-z0-9_\-]{16,}|"
    r"\bxox[abposr]-[A-Za-z0-9\-]{10,}|"
    r"\bAIza[0-9A-Za-z_\-]{30,}|"
    r"\bya29\.[0-9A-Za-z_\-]{20,}|"
    r"\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{4,}|"
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----|"
    r"\b(?:key|token|secret|password|pwd)\s*[=:]\s*\S{6,})",
)
_LONG_RANDOM = re.compile(
    r"(?<![A-Za-z0-9])(?=[A-Za-z0-9_\-]*\d)(?=[A-Za-z0-9_\-]*[A-Za-z])[A-Za-z0-9_\-]{20,}"
)
"""20+ characters mixing letters and digits: an opaque key, whatever its prefix."""
_PASSWORDISH = re.compile(r"(?<!\S)(?=\S*[A-Za-z])(?=\S*\d)(?=\S*[^\sA-Za-z0-9.,;:?'\"()])\S{6,}(?!\S)")
"""Letters, digits and a symbol in one token ("Walrus%5571"): a password-shaped string."""

_DIGIT_RUN = re.compile(r"(?<![\dA-Za-z])\d(?:[ \-.]?\d){11,22}(?![\dA-Za-z])")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ \-]?[A-Z0-9]){11,30}\b", re.IGNORECASE)
_BANK = re.compile(
    r"(?:\b(?:iban|bic|swift|sort\s*code|routing(?:\s+number)?|aba|bsb|account\s*(?:number|no\.?|#)|"
    r"acct\.?(?:\s*(?:number|no\.?|#))?)\b\W{0,3}(?:is\s+|:\s*)?[A-Z0-9][A-Z0-9 \-]{4,})|"
    r"\b\d{2}-\d{2}-\d{2}\b|"
    r"\baccount\s+\d{6,}\b|"
    r"\b(?:bank\s+details|bank\s+account\s+details)\b",
    re.IGNORECASE,
)
_AGE = re.compile(
    r"\b(?:i'?m|i\s+am|im|(?:the\s+)?user\s+is)\s+(?:now\s+|only\s+|just\s+|almost\s+|nearly\s+)?\d{1,3}\b(?!\s*(?:%|percent|minutes?|"
    r"mins?|hours?|km|miles?|kg|lbs?|pounds|cm|m\b|k\b|foot|feet|ft|inches|euros?|dollars?|pages?|times?|weeks?|days?|months?|"
    r"steps?|items?|/|:|\.\d))|"
    r"\b(?:turned|turning|turn|be\s+turning|will\s+be|am\s+going\s+to\s+be)\s+\d{1,3}\b|"
    r"\b\d{1,3}\s*(?:-\s*)?(?:years?|yrs?)(?:\s*-\s*|\s+)old\b|"
    r"\b(?:aged?|at\s+the\s+age\s+of|at)\s+\d{2}\s*,?\s+(?:i|i'm|i've|the\s+user|they|he|she)\b|"
    r"\b(?:my\s+age\s+is|age[:\s]+)\s*\d{1,3}\b|"
    r"\bi\s+was\s+born\b|\bborn\s+(?:on|in)\s+(?:\d|the\s+\d|[A-Z][a-z]+\s+\d)|"
    r"\b(?:date\s+of\s+birth|dob|birth\s*date)\b",
    re.IGNORECASE,
)
_STREET_TYPES = (
    r"street|st|road|rd|lane|ln|avenue|ave|drive|dr|close|terrace|crescent|way|row|gardens|court|ct|"
    r"place|pl|boulevard|blvd|square|sq|parkway|pkwy|highway|hwy|mews|grove|walk|hill|rise|view|"
    r"circle|cir|trail|alley|wharf|quay|strasse|straße|gasse|weg|rue|via|calle|avenida"
)
_ADDRESS = re.compile(
    r"\b\d{1,5}[A-Za-z]?,?\s+(?:[A-Z][\w'’\-]+\s+){1,3}(?i:" + _STREET_TYPES + r")\b\.?|"
    r"\b(?i:rue|via|calle|avenida)\s+(?:de\s+|del\s+|la\s+)?[A-Z][\w'\-]+(?:\s+[A-Z][\w'\-]+)*,?\s+\d{1,5}\b|"
    r"\b[A-Z][\w'\-]+(?:strasse|straße|gasse|weg)\s+\d{1,5}\b|"
    r"(?i:\b(?:my|our|the)\s+(?:home\s+|full\s+|postal\s+|street\s+|mailing\s+)?address\s+is\b)|"
    r"(?i:\b(?:flat|apartment|apt|suite)\s+#?\d+[A-Za-z]?\b)|"
    r"(?i:\bpo\s+box\s+\d+)|"
    r"\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b|"
    r"(?i:\b(?:zip|postcode|postal\s+code|zip\s+code)\b\W{0,3}[A-Z0-9]{3,})",
)


def _luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def _has_card(text: str) -> bool:
    for m in _DIGIT_RUN.finditer(text):
        digits = re.sub(r"\D", "", m.group(0))
        for n in range(13, 20):
            for i in range(0, len(digits) - n + 1):
                if _luhn_ok(digits[i : i + n]):
                    return True
    return False


def _iban_ok(raw: str) -> bool:
    s = re.sub(r"[ \-]", "", raw).upper()
    if not 15 <= len(s) <= 34 or not s[:2].isalpha() or not s[2:4].isdigit():
        return False
    moved = s[4:] + s[:4]
    num = "".join(str(int(ch, 36)) for ch in moved)
    return int(num) % 97 == 1


def _has_iban(text: str) -> bool:
    for m in _IBAN.finditer(text):
        raw = m.group(0)
        compact = re.sub(r"[ \-]", "", raw)
        for end in range(len(compact), 14, -1):
            if _iban_ok(compact[:end]):
                return True
    return False


def _has_secret(text: str) -> bool:
    if _SECRET_SHAPES.search(text):
        return True
    if _SECRET_WORDS.search(text) and (
        _LONG_RANDOM.search(text)
        or _PASSWORDISH.search(text)
        or re.search(r"(?:\b(?:is|was|to|as)\b|[:=])\s*\S", text)
    ):
        return True
    return bool(_LONG_RANDOM.search(text)) and bool(
        re.search(r"\d.*\d.*\d", _LONG_RANDOM.search(text).group(0))
    )


ALWAYS_ON: dict[str, Callable[[str], bool]] = {
    "secret": _has_secret,
    "payment_card": _has_card,
    "iban": _has_iban,
    "bank_details": lambda t: bool(_BANK.search(t)),
    "exact_age": lambda t: bool(_AGE.search(t)),
    "street_address": lambda t: bool(_ADDRESS.search(t)),
}
"""Categories no store may keep, whatever its options say."""

# --------------------------------------------------------------------------- policy categories

_MED_SUFFIX = (
    r"[a-z]{2,}(?:pril|sartan|statin|olol|alol|prazole|azole|dipine|pram|oxetine|oxamine|triptyline|"
    r"formin|thyroxine|thyronine|mab|nib|cillin|cycline|floxacin|mycin|triptan|zepam|zolam|pam|tidine|"
    r"profen|fenac|sone|solone|lukast|gliptin|gliflozin|glutide|parin|xaban|gatran|vir|setron|"
    r"tropin|apine|idone|ipramine|phetamine|phenidate|codone|morphone|tramadol|"
    r"gabalin|pentin|traline|trigine|etam|amate)"
)
_HEALTH = re.compile(
    r"\b(?:" + _MED_SUFFIX + r")\b|"
    r"\b(?:diagnos(?:ed|is|es)|prescri(?:bed|ption|ptions)|medication|medications|medicine|meds|pills?|"
    r"dosage|dose|doses|mg|side\s+effects?|symptoms?|chronic|disorder|disease|syndrome|illness|"
    r"condition|therapy|therapist|psychiatrist|oncologist|chemo(?:therapy)?|surgery|my\s+doctor|"
    r"doctor\s+(?:put|said|confirmed|told|thinks|prescribed)|insulin|inhaler|antidepressants?|"
    r"antibiotics?|diabetes|diabetic|asthma|adhd|autism|autistic|depression|depressed|anxiety|"
    r"bipolar|schizophrenia|ocd|ptsd|cancer|tumou?r|migraines?|epilepsy|epileptic|arthritis|"
    r"eczema|psoriasis|glaucoma|endometriosis|apnea|apnoea|insomnia|hypertension|high\s+blood\s+pressure|"
    r"cholesterol|thyroid|hiv|hepatitis|lupus|crohn'?s|celiac|coeliac|ibs|fibromyalgia|"
    r"dementia|alzheimer'?s|parkinson'?s|multiple\s+sclerosis|pregnan(?:t|cy)|"
    r"miscarriage|infertility|ivf|heart\s+attack|anorexia|bulimia|eating\s+disorder|"
    r"addiction|rehab|[a-z]+itis|[a-z]{3,}osis|[a-z]+emia|[a-z]+aemia|[a-z]+algia|[a-z]+pathy|"
    r"hypo[a-z]+ism|hyper[a-z]+ism)\b",
    re.IGNORECASE,
)
_HEALTH_EXCEPTIONS = re.compile(
    r"\b(?:academia|nostalgia|nostalgic|empathy|sympathy|telepathy|apathy|hypothesis|osmosis|symbiosis|"
    r"metamorphosis|bohemia)\b",
    re.I,
)
_POLITICS = re.compile(
    r"\b[A-Z][a-z]+\s+(?:Party|Democrats?)\b|"
    r"\b(?:Labour|Tory|Tories|Conservatives?|Republicans?|Democrats?|Libertarians?|Socialists?|"
    r"Communists?|Lib\s+Dems?|MAGA|SNP|GOP)\b|"
    r"(?i:\b(?:vote|voted|votes|voting|voter|election|elections|ballot|canvass(?:ing|ed)?|campaign(?:ing|ed)?\s+for|"
    r"political|politics|politically|left-wing|right-wing|leftist|conservative|liberal|socialist|"
    r"communist|libertarian|progressive\s+party|card-carrying|party\s+member|member\s+of\s+the\s+\w+\s+party|"
    r"(?:donate|donated|donating)\s+to\s+the\s+\w+)\b)",
)
_RELIGION = re.compile(
    r"\b(?:religio(?:n|us)|faith|church|mosque|synagogue|temple|pray(?:ing|ed|er|ers)?|worship|"
    r"christian|catholic|protestant|evangelical|mormon|muslim|islam(?:ic)?|jewish|judaism|hindu(?:ism)?|"
    r"buddhis[tm]|sikh(?:ism)?|atheist|agnostic|ramadan|sabbath|mass\s+on\s+sundays?|bible|quran|torah|"
    r"kosher|halal|baptized|baptised)\b",
    re.IGNORECASE,
)
_SEXUALITY = re.compile(
    r"\b(?:gay|lesbian|bisexual|bi\s+(?:man|woman|person)|queer|pansexual|asexual|heterosexual|homosexual|"
    r"straight\s+(?:man|woman|guy|girl)|sexual\s+orientation|sexuality|coming\s+out|came\s+out|"
    r"lgbtq?\+?|transgender|trans\s+(?:man|woman)|non-binary|nonbinary)\b",
    re.IGNORECASE,
)
_FINANCES = re.compile(
    r"\b(?:salary|salaries|income|earn(?:s|ed|ing)?|paid\s+\d|pay\s+rise|net\s+worth|savings|debt|debts|"
    r"loan|loans|mortgage|credit\s+score|overdraft|bankrupt(?:cy)?|tax\s+return|owe|owed|investments?|"
    r"portfolio|pension|inheritance)\b|[$£€¥]\s?\d[\d,.]*\s*(?:k|m|million|bn)?|\b\d[\d,.]*\s?(?:k|grand|dollars|"
    r"pounds|euros)\s+(?:a|per)\s+(?:year|month|annum)\b",
    re.IGNORECASE,
)
_ETHNICITY = re.compile(
    r"\b(?:ethnicity|ethnic|race|racial|heritage|immigration\s+status|visa\s+status|"
    r"undocumented|asylum|refugee)\b",
    re.IGNORECASE,
)
_CRIMINAL = re.compile(
    r"\b(?:arrested|convicted|conviction|criminal\s+record|prison|jail|parole|probation|"
    r"felony|misdemeanou?r|court\s+case)\b",
    re.IGNORECASE,
)
_SEX_LIFE = re.compile(r"\b(?:sex\s+life|sexual\s+(?:health|partners?)|std|sti)\b", re.IGNORECASE)

POLICY_CATEGORIES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "health": (
        re.compile(
            r"\b(?:health|medical|medications?|medicines?|meds|drugs|prescriptions?|diagnos\w*|"
            r"conditions?|illness(?:es)?|diseases?|disabilit\w+|mental)\b",
            re.I,
        ),
        _HEALTH,
    ),
    "politics": (
        re.compile(r"\b(?:politic\w*|vot(?:e|es|ing)|elections?|party|parties|affiliations?)\b", re.I),
        _POLITICS,
    ),
    "religion": (re.compile(r"\b(?:religio\w*|faith|beliefs?|spiritual\w*)\b", re.I), _RELIGION),
    "sexuality": (re.compile(r"\b(?:sexual\w*|orientation|gender\s+identity|lgbt\w*)\b", re.I), _SEXUALITY),
    "finances": (
        re.compile(r"\b(?:financ\w*|salar\w+|income|money|debts?|wealth|earnings|net\s+worth)\b", re.I),
        _FINANCES,
    ),
    "ethnicity": (re.compile(r"\b(?:ethnic\w*|race|racial|immigration|nationality)\b", re.I), _ETHNICITY),
    "criminal": (re.compile(r"\b(?:criminal|convictions?|arrests?|legal\s+history)\b", re.I), _CRIMINAL),
    "sex_life": (re.compile(r"\bsex\s+life\b", re.I), _SEX_LIFE),
}
"""category → (words that name it in a store's policy text, words that trigger it in a memory)."""

_EXCLUSION_CLAUSE = re.compile(
    r"\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|please\s+don'?t)\s+"
    r"(?:ever\s+)?(?:store|save|keep|record|remember|capture|retain|log|track|collect|extract|memori[sz]e)\b"
    r"|\b(?:avoid|exclude|excluding|except|ignore|omit|skip|without|no)\b",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[.;!?\n]|\b(?:but|however)\b", re.IGNORECASE)


def excluded_categories(user_profile_details: str | None) -> frozenset[str]:
    """The policy categories a store's free-text `user_profile_details` says not to store.

    Only the text after an exclusion cue ("Do not store …", "never keep …", "avoid …",
    "exclude …"), up to the end of its sentence, counts: "capture the user's health goals" does
    not switch health exclusion on."""
    if not user_profile_details:
        return frozenset()
    text = user_profile_details
    found: set[str] = set()
    for m in _EXCLUSION_CLAUSE.finditer(text):
        rest = text[m.end() :]
        end = _CLAUSE_END.search(rest)
        clause = rest[: end.start()] if end else rest
        for name, (namer, _) in POLICY_CATEGORIES.items():
            if namer.search(clause):
                found.add(name)
    return frozenset(found)


def _policy_hit(text: str, categories: Iterable[str]) -> bool:
    for name in categories:
        trigger = POLICY_CATEGORIES[name][1]
        if name == "health":
            cleaned = _HEALTH_EXCEPTIONS.sub(" ", text)
            if trigger.search(cleaned):
                return True
        elif trigger.search(text):
            return True
    return False


def sensitive_categories(text: str, categories: Iterable[str] = ()) -> list[str]:
    """Every always-on category, and every given policy category, that `text` trips."""
    hits = [name for name, detect in ALWAYS_ON.items() if detect(text)]
    hits += [name for name in categories if _policy_hit(text, [name])]
    return hits


def is_sensitive(text: str, categories: Iterable[str] = ()) -> bool:
    if any(detect(text) for detect in ALWAYS_ON.values()):
        return True
    return _policy_hit(text, categories)


def _screen_summary(candidate: Candidate, categories: frozenset[str]) -> Candidate | None:
    sentences = split_sentences(candidate.content)
    kept = [s for s in sentences if not is_sensitive(s, categories)]
    if not kept:
        return None
    if len(kept) == len(sentences):
        return candidate
    return candidate.model_copy(update={"content": " ".join(kept)})


def screen(candidates: list[Candidate], options: StoreOptions) -> list[Candidate]:
    """The candidates that may be stored: secrets, cards, bank details, ages, addresses and the
    store's excluded categories are dropped (summaries: their offending sentences are)."""
    categories = excluded_categories(options.user_profile_details)
    out: list[Candidate] = []
    for c in candidates:
        if c.kind == Kind.CHAT_SUMMARY:
            kept = _screen_summary(c, categories)
            if kept is not None:
                out.append(kept)
        elif not is_sensitive(c.content, categories):
            out.append(c)
    return out
