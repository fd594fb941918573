"""The privacy guard: what no extractor may turn into a memory.

Applied after every extractor (rules and chat models alike), so a model that ignores its
instructions still cannot store a password. Always on: credentials and secrets (named, or
credential-shaped tokens in a credential context: "I reuse Gra.Quar.2003! for everything"),
government ids (SSN and UK NI shapes; passport, licence and tax numbers next to their name),
payment cards (Luhn), IBANs (mod 97) and bank account details, exact ages (in digits or words)
and birth dates, precise street addresses. On when the store's `user_profile_details` excludes
them ("Do not store …", "never record …", "avoid …", "… must not be stored"): health, politics,
religion, sexual orientation, finances, ethnicity, immigration status, criminal history, sex life;
what the policy says about a person ("their children's names or schools", "their partner's job",
"their employer's name", "where they bank"), as subject/attribute pairs; and any other excluded
item ("their gambling") by its own words.

A profile or procedural candidate that trips a rule is dropped whole (the sensitive part is
usually the fact itself); a chat summary loses only its offending sentences."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable

from memstore.domain.commands import split_sentences
from memstore.domain.models import Kind, StoreOptions
from memstore.ports.extractor import Candidate

# --------------------------------------------------------------------------- always-on detectors

_SECRET_NAMES = re.compile(
    r"\b(?:pass(?:word|wd|code|phrase)s?|pass\s+code|pwd|pw|pin\s+(?:code|number|no\.?)|"
    r"(?:my|the|your|their|his|her|user'?s)\s+(?:\w+\s+)?pin|"
    r"api[\s_-]?keys?|(?:access|auth|bearer|secret|private|session|refresh|personal\s+access|master|"
    r"recovery|backup)[\s_-]?(?:keys?|tokens?|codes?|phrases?)|client[\s_-]?secret|ssh\s+key|seed\s+phrase|"
    r"mnemonic\s+phrase|2fa\s+(?:code|key|backup)|otp|one[\s-]time\s+(?:code|password)|"
    r"security\s+(?:code|question|answer|word)|memorable\s+(?:word|information|answer|phrase|date|place)|"
    r"(?:mother'?s|mum'?s|mom'?s)\s+maiden\s+name|maiden\s+name|secret\s+(?:answer|question|word)|cvv|cvc|"
    r"login\s+details|(?:door|alarm|gate|safe|keypad|entry|lock|unlock|garage|locker|building|access|"
    r"padlock)\s+(?:code|combination|pin)|combination\s+(?:code|lock)|wi-?fi\s+(?:key|code)|network\s+key)\b",
    re.IGNORECASE,
)
"""Words that name a secret outright: with a value after them ("… is …", "…: …") the text is one."""
_SECRET_CONTEXT = re.compile(
    r"\b(?:tokens?|secrets?|credentials?|logins?|log-?ins?|sign-?ins?|log\s+in\s+(?:with|as|using)|"
    r"sign\s+in\s+(?:with|using)|pin|combination|combo|reus(?:e|es|ed|ing)|"
    r"(?:the\s+)?same\s+(?:\w+\s+)?(?:for|on|across|everywhere)|everywhere|"
    r"(?:for|on|across)\s+(?:basically\s+|pretty\s+much\s+|literally\s+|nearly\s+|almost\s+|just\s+about\s+)?"
    r"(?:everything|all\s+my\s+\w+|every\s+(?:site|account|app|login|service))|"
    r"(?:my|the\s+user'?s|their|his|her)\s+(?:\w+\s+){0,2}(?:account|email|e-mail|gmail|outlook|hotmail|icloud|"
    r"apple\s+id|netflix|spotify|amazon|paypal|bank(?:ing)?|facebook|instagram|twitter|tiktok|steam|xbox|"
    r"playstation|psn|wifi|wi-fi|router|locker|safe|vault|hulu|disney\+?|"
    r"prime|ebay|uber|linkedin|dropbox|github|slack|zoom)\s+(?:is|was|=|:))\b",
    re.IGNORECASE,
)
"""Words that make a credential-shaped token a secret ("I reuse Gra.Quar.2003! for everything")."""
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
    r"\b(?:key|token|secret|password|passwd|pwd|pw|passcode)\s*[=:]\s*\S{4,})",
    re.IGNORECASE,
)
_LONG_RANDOM = re.compile(
    r"(?<![A-Za-z0-9])(?=[A-Za-z0-9_\-]*\d)(?=[A-Za-z0-9_\-]*[A-Za-z])[A-Za-z0-9_\-]{20,}"
)
"""20+ characters mixing letters and digits: an opaque key, whatever its prefix."""
_TOKEN = re.compile(r"(?<!\S)[\"'“(\[]*(?P<t>\S+?)[\"'”)\].,;:?]*(?!\S)")
_NOT_A_CREDENTIAL = re.compile(
    r"^(?:https?://|www\.)|^[\w.+-]+@[\w-]+\.[\w.]+$|^[#@]|"
    r"^v?\d+(?:[.:/\-]\d+)+(?:[a-z]{1,3})?$|"
    r"^\d+(?:[.,]\d+)?(?:%|k|km|m|mi|kg|lbs?|g|mg|ml|l|am|pm|h|hrs?|min|mins|s|x|st|nd|rd|th|s)?$|"
    r"^[$£€¥]\d|^\d+(?:[.,]\d+)?[$£€¥]$",
    re.IGNORECASE,
)
"""Mixed tokens that are not credentials: links, e-mail addresses, tags, versions, dates, times,
measures and prices ("Python 3.12.1", "24:30", "5k", "£12.50", "2nd")."""


_YEAR_BEFORE = re.compile(
    r"\b(?:in|since|from|until|till|by|of|year|back\s+in|circa|around|before|after|during|class\s+of)\s+"
    r"(?:(?:early|late|mid|the)\s+)?(?:19|20)\d\d$",
    re.IGNORECASE,
)


def _strong_credential(tok: str) -> bool:
    """Upper and lower case letters, a digit and a symbol inside one token ("Grav3l#oxbow60",
    "Gra.Quar.2003!"); not a version ("iOS17.2") or a name with a number ("Catch-22")."""
    inner = tok[:-1] if len(tok) > 1 else tok
    return (
        len(tok) >= 8
        and re.search(r"[A-Z]", tok) is not None
        and re.search(r"[a-z]", tok) is not None
        and re.search(r"\d", tok) is not None
        and re.search(r"[^A-Za-z0-9'’]", inner) is not None
        and re.fullmatch(r"[A-Za-z]*\d+(?:\.\d+)+[A-Za-z]*|[A-Za-z]+-\d+|\d+-[A-Za-z]+", tok) is None
    )


def _weak_credential(tok: str, before: str) -> bool:
    """Letters with digits or symbols, or a 4-8 digit code that is not a year ("hunter2024", "4821")."""
    letters = re.search(r"[A-Za-z]", tok) is not None
    digits = re.search(r"\d", tok) is not None
    symbol = re.search(r"[^A-Za-z0-9'’\-]", tok) is not None
    if len(tok) >= 6 and letters and (digits or (symbol and len(tok) >= 8)):
        return True
    return re.fullmatch(r"\d{4,8}#?", tok) is not None and not _YEAR_BEFORE.search(before + tok)


def _credential_tokens(text: str, strict: bool) -> list[str]:
    """Tokens shaped like a password: strongly so when no credential word is around (`strict`)."""
    out = []
    for m in _TOKEN.finditer(text):
        tok = m.group("t")
        if _NOT_A_CREDENTIAL.search(tok):
            continue
        if _strong_credential(tok) if strict else _weak_credential(tok, text[: m.start("t")]):
            out.append(tok)
    return out


_GOV_CONTEXT = re.compile(
    r"\b(?:passports?|driv(?:ing|er'?s?)\s+licen[cs]es?|licen[cs]e\s+(?:no\.?|number|#)|"
    r"national\s+(?:id|identity|insurance|identification)|ni\s+(?:no\.?|number)|nino|id\s+(?:card|number|no\.?)|"
    r"identity\s+(?:card|number|document)|tax\s+(?:id|identification|file|reference|code|number|no\.?)|"
    r"tin|ein|itin|utr|ssn|sin|nif|nie|bsn|cpr|pesel|aadhaa?r|pan\s+(?:card|number|no\.?)|nhs\s+(?:number|no\.?)|"
    r"tfn|tax\s+file|abn|ird\s+(?:number|no\.?)|pps\s*(?:n|number|no\.?)|nric|fin\s+(?:number|no\.?)|hkid|mykad|"
    r"cpf|rfc|nir|rrn|resident\s+registration|uid(?:ai)?|personal\s+(?:id|identity|identification)\s+"
    r"(?:code|number|no\.?)|citizen\s+(?:id|number|card)|health\s+card\s+(?:number|no\.?)|"
    r"medicare\s+(?:number|card|no\.?)|steuer-?id|steuernummer|personnummer|codice\s+fiscale|dni|curp|"
    r"social\s+(?:security|insurance)|green\s+card\s+(?:number|no\.?)|alien\s+(?:registration\s+)?number|"
    r"a-number|visa\s+(?:number|no\.?)|residence\s+permit\s+(?:number|no\.?)|voter\s+id|"
    r"(?:government|gov|state)[\s-]issued\s+id|birth\s+certificate\s+(?:number|no\.?))\b",
    re.IGNORECASE,
)
_SSN = re.compile(r"(?<![\w-])(?!000|666|9\d\d)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}(?![\w-])")
"""A US social security number's shape and number ranges: no context needed."""
_NINO = re.compile(
    r"(?<![\w-])(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]"
    r"(?:\s?\d{2}\s?\d{2}\s?\d{2}\s?|\d{6})[A-D](?![\w-])",
    re.IGNORECASE,
)
"""A UK National Insurance number, spaced ("SE 86 22 25 D") or not: no context needed."""
_DATE = re.compile(
    r"\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b|"
    r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}\b",
    re.IGNORECASE,
)
_ID_VALUE = re.compile(
    r"(?<![\w-])(?=[A-Z0-9\- ]*\d)[A-Z]{0,3}\d[\d \-]{3,16}\d[A-Z]{0,2}(?![\w-])|"
    r"(?<![\w-])(?=[A-Z0-9]*\d{4})(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6,20}(?![\w-])",
    re.IGNORECASE,
)
"""What follows "passport no." and the like: 6+ characters, most of them digits, or a letters-
and-digits code ("C329741243", "MORGA753116SM9IJ", "123 456 789")."""


def _id_values(text: str) -> list[str]:
    cleaned = _DATE.sub(" ", text)
    out = []
    for m in _ID_VALUE.finditer(cleaned):
        value = m.group(0).strip(" -")
        digits = sum(ch.isdigit() for ch in value)
        if digits >= 5 and len(re.sub(r"[ \-]", "", value)) >= 6:
            out.append(value)
    return out


def _has_government_id(text: str) -> bool:
    if _SSN.search(text) or _NINO.search(text):
        return True
    return bool(_GOV_CONTEXT.search(text)) and bool(_id_values(text))


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
_NUMBER_WORD = (
    r"(?:(?:twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety)(?:[\s-]?(?:one|two|three|four|five|"
    r"six|seven|eight|nine))?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|a\s+hundred)"
)
_NOT_YEARS = (
    r"(?!\s*(?:%|percent|per\s*cent|minutes?|mins?|hours?|hrs?|seconds?|secs?|km|miles?|kg|kilos?|lbs?|pounds|"
    r"quid|bucks|cm|m\b|k\b|foot|feet|ft|inches|euros?|dollars?|pages?|times?|weeks?|days?|months?|steps?|"
    r"items?|degrees|past|to\b|o'?clock|am\b|pm\b|of\b|in\s+a\s+row|/|:|\.\d))"
)
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_DAY_MONTH = (
    r"(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH + r"|" + _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?)\b"
)
_BIRTH = re.compile(
    r"\b(?:(?:19|20)\d\d|'\d\d|(?:the\s+)?(?:nineteen|twenty)[\s-]\w+)\s+(?:baby|babe|kid|born)\b|"
    r"\bborn\s+(?:in\s+|back\s+in\s+|on\s+)?(?:'\d\d|(?:19|20)\d\d)\b|"
    r"\bborn\b[^.!?\n]{0,40}?\b" + _DAY_MONTH + r"|"
    r"\b(?:my|the\s+user'?s|our)\s+(?:birthday|bday|b-day)\b[^.!?\n]{0,25}?\b" + _DAY_MONTH + r"|"
    r"\b" + _DAY_MONTH + r"[^.!?\n]{0,25}?\b(?:is|was)\s+(?:my|the\s+user'?s)\s+(?:birthday|bday|b-day)\b",
    re.IGNORECASE,
)
"""Birth dates that never say "I was born": "a 1995 baby, the 25th of March to be exact",
"born in '87 on the 4th of July", "my birthday's the 3rd of May"."""
_AGE_WORDS = re.compile(
    r"\b(?:i'?m|i\s+am|im|being|turned|turning|i'?ll\s+be|i\s+will\s+be|(?:the\s+)?user\s+is|"
    r"(?:the\s+)?user'?ll\s+be|aged?)\s+(?:now\s+|only\s+|just\s+|almost\s+|nearly\s+|about\s+to\s+be\s+)?"
    + _NUMBER_WORD
    + r"\b"
    + _NOT_YEARS
    + r"|\bat\s+"
    + _NUMBER_WORD
    + r"\s*,?\s+(?:my|i|i'm|i've|the\s+user|is\s+it|am\s+i|can\s+i|should\s+i)\b|"
    r"\b" + _NUMBER_WORD + r"[\s-]years?[\s-]old\b",
    re.IGNORECASE,
)
"""Ages written in words: "I'm forty-two", "At thirty-seven my knees …", "being forty-five"."""
_AGE = re.compile(
    r"\b(?:i'?ll\s+be|the\s+user'?ll\s+be)\s+\d{1,3}\b"
    + _NOT_YEARS
    + r"(?!\s*(?:late|early|sharp|ish|mins?\b))|"
    r"\b(?:i'?m|i\s+am|im|(?:the\s+)?user\s+is)\s+(?:now\s+|only\s+|just\s+|almost\s+|nearly\s+)?\d{1,3}\b(?!\s*(?:%|percent|minutes?|"
    r"mins?|hours?|km|miles?|kg|lbs?|pounds|cm|m\b|k\b|foot|feet|ft|inches|euros?|dollars?|pages?|times?|weeks?|days?|months?|"
    r"steps?|items?|/|:|\.\d))|"
    r"\b(?:turned|turning|turn|be\s+turning|will\s+be|am\s+going\s+to\s+be)\s+\d{1,3}\b|"
    r"\b\d{1,3}\s*(?:-\s*)?(?:years?|yrs?)(?:\s*-\s*|\s+)old\b|"
    r"\b(?:aged?|at\s+the\s+age\s+of|at)\s+\d{2}\s*,?\s+(?:i|i'm|i've|the\s+user|they|he|she)\b|"
    r"\b(?:my\s+age\s+is|age[:\s]+)\s*\d{1,3}\b|"
    r"\bi\s+was\s+born\b|\bborn\s+(?:on|in)\s+(?:\d|the\s+\d|[A-Z][a-z]+\s+\d)|"
    r"\b(?:date\s+of\s+birth|dob|birth\s*date)\b|"
    r"\b(?:birthday|bday|b-day)\b[^.!?\n]{0,40}?\b(?:1[89]|20)\d{2}\b|"
    r"\b(?:someone|somebody|a\s+(?:man|woman|guy|girl|person|mum|mom|dad|parent))\s+(?:who'?s|who\s+is|aged?|of)\s+"
    r"\d{1,3}\b(?!\s*(?:%|minutes?|hours?|km|miles?|kg|lbs?|cm|pounds|dollars|euros))|"
    r"\b\d{1,3}\s+(?:is\s+|was\s+)?(?:too|really|that|so)\s+(?:old|young)\b|"
    r"\bat\s+\d{2},?\s+(?:is\s+it|am\s+i|can\s+i|should\s+i|could\s+i|will\s+i)\b",
    re.IGNORECASE,
)
_STREET_TYPES = (
    r"street|st|road|rd|lane|ln|avenue|ave|drive|dr|close|terrace|crescent|way|row|gardens|court|ct|"
    r"place|pl|boulevard|blvd|square|sq|parkway|pkwy|highway|hwy|mews|grove|walk|hill|rise|view|"
    r"circle|cir|trail|alley|wharf|quay|strasse|straße|gasse|weg|rue|via|calle|avenida|parade|esplanade|"
    r"promenade|circuit|causeway|crossing|pike|plaza|heights|glen|croft|broadway|"
    r"approach|cove|ridge|meadows"
)
_ADDRESS = re.compile(
    r"\b\d{1,5}[A-Za-z]?,?\s+(?:[A-Z][\w'’\-]+\s+){1,3}(?i:" + _STREET_TYPES + r")\b\.?|"
    r"\b(?i:rue|via|calle|avenida)\s+(?:de\s+|del\s+|la\s+)?[A-Z][\w'\-]+(?:\s+[A-Z][\w'\-]+)*,?\s+\d{1,5}\b|"
    r"\b[A-Z][\w'\-]+(?:strasse|straße|gasse|weg)\s+\d{1,5}\b|"
    r"(?i:\b(?:my|our|the)\s+(?:home\s+|full\s+|postal\s+|street\s+|mailing\s+)?address\s+is\b)|"
    r"(?i:\b(?:flat|apartment|apt|suite|unit)\s+#?\d+[A-Za-z]?\b)|"
    r"(?i:\b(?:house|flat|door)\s+(?:no\.?|number|num|#)\s*\d+)|"
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


_SECRET_WHEREABOUTS = re.compile(
    r"\b(?:is|are|was|were|'s)\s+(?:on|in|under|inside|behind|beside|next\s+to|written|kept|stored|taped|stuck|"
    r"pinned|somewhere|saved\s+in|in\s+my)\b",
    re.IGNORECASE,
)
"""Where a secret is kept ("the gate code is on a sticker under the bench") is not the secret."""


def _has_secret(text: str) -> bool:
    if _SECRET_SHAPES.search(text):
        return True
    if _SECRET_NAMES.search(text) and (
        _credential_tokens(text, strict=False)
        or (
            re.search(r"(?:\b(?:is|was|are|were|to|as|reads|it's)\b|[:=])\s*\S", text, re.IGNORECASE)
            and not _SECRET_WHEREABOUTS.search(text)
        )
    ):
        return True
    if _SECRET_CONTEXT.search(text) and _credential_tokens(text, strict=False):
        return True
    if _credential_tokens(text, strict=True):
        return True
    long_random = _LONG_RANDOM.search(text)
    return long_random is not None and bool(re.search(r"\d.*\d.*\d", long_random.group(0)))


def _secret_values(text: str) -> list[str]:
    """The literal values that make `text` secret, to catch them elsewhere without their context."""
    values = _credential_tokens(text, strict=True) + [m.group(0) for m in _LONG_RANDOM.finditer(text)]
    if _SECRET_NAMES.search(text) or _SECRET_CONTEXT.search(text):
        values += _credential_tokens(text, strict=False)
    if _GOV_CONTEXT.search(text):
        values += _id_values(text)
    values += [m.group(0) for m in _SSN.finditer(text)] + [m.group(0) for m in _NINO.finditer(text)]
    return values


ALWAYS_ON: dict[str, Callable[[str], bool]] = {
    "secret": _has_secret,
    "government_id": _has_government_id,
    "payment_card": _has_card,
    "iban": _has_iban,
    "bank_details": lambda t: bool(_BANK.search(t)),
    "exact_age": lambda t: bool(_AGE.search(t) or _AGE_WORDS.search(t) or _BIRTH.search(t)),
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
_BODY_PART = (
    r"(?:knees?|back|lower\s+back|hips?|shoulders?|ankles?|wrists?|necks?|spine|spinal|elbows?|hamstrings?|"
    r"achilles|acl|mcl|meniscus|rotator\s+cuff|discs?|ligaments?|tendons?|cartilage|bones?|joints?|ribs?|"
    r"pelvis|collarbone|skull|jaw|teeth|tooth|lungs?|heart|kidneys?|liver|bladder|bowel|stomach|gut|chest|"
    r"thyroid|prostate|breast|cervix|ovar(?:y|ies)|uterus|womb|eyes?|retina|ears?|skin|brain|nerves?|"
    r"muscles?|calf|calves|groin|foot|feet|toes?|fingers?|thumbs?|hands?|arms?|legs?|head|throat|sinus(?:es)?)"
)
_INJURY = (
    r"(?:injur(?:y|ies|ed)|pain(?:ful|s)?|aches?|aching|sore(?:ness)?|surgery|operation|op|replacement|"
    r"fractur(?:e|ed|es)|broken|broke|torn|tore|tear|rupture[d]?|sprain(?:ed|s)?|strain(?:ed|s)?|"
    r"inflam(?:ed|mation)|dislocat(?:ed|ion)|damage[d]?|problems?|issues?|condition|trouble|"
    r"herniat(?:ed|ion)|slipped|bulging|prolapsed?|infection|infected|transplant|scan|x-?ray|mri|"
    r"biopsy|lump|cyst|stones?|failure|murmur|arrhythmia|palpitations)"
)
_BODY_HEALTH = (
    r"\b(?:(?:herniat(?:ed|ion)|slipped|bulging|prolapsed|degenerative|torn|ruptured|fractured|broken|"
    r"dislocated|sprained|pulled|trapped|pinched|bad|dodgy|injured|damaged|inflamed|replaced|infected|sore|"
    r"tore|broke|hurt|twisted|strained|bruised|jarred)\s+"
    r"(?:(?:my|his|her|their|the\s+user'?s|a|an|the|both)\s+)?(?:\w+\s+)?"
    + _BODY_PART
    + r"|"
    + _BODY_PART
    + r"\s+(?:\w+\s+)?"
    + _INJURY
    + r"|"
    r"(?:long\s+)?covid|coronavirus|vertigo|concussion|sciatica|tinnitus|fractures?|sprains?|"
    r"panic\s+attacks?|anxiety\s+attacks?|seizures?|strokes?\s+(?:last|in|when)|had\s+a\s+stroke|"
    r"burn-?out\s+(?:leave|diagnosis)|mental\s+health|physiotherapy|"
    r"(?:at|to|from|doing|more|of|after|need|needs|booked)\s+physio\b|physio\s+(?:sessions?|appointments?|"
    r"exercises?|says|said|thinks)|chiropractic|acupuncture\s+for|rehabilitation|counsell?ing|"
    r"(?:my|the\s+user'?s|their|see(?:ing)?\s+a|saw\s+a|referred\s+to\s+(?:a|the)|appointment\s+with\s+(?:a|the|my))\s+"
    r"(?:\w+\s+)?(?:psycholog|psychiatr|cardiolog|dermatolog|neurolog|rheumatolog|gyn(?:a)?ecolog|urolog|"
    r"endocrinolog|orthopa?ed|gastroenterolog|oncolog|chiropract|osteopath|physio|counsell?or|therapist|"
    r"specialist|consultant)\w*|"
    r"(?:my|the\s+user'?s|their)\s+(?:gp|doctor|consultant|specialist|surgeon|nurse|physio|dentist)\s+"
    r"(?:thinks|says|said|reckons|wants|told|confirmed|referred|suspects)|"
    r"off\s+(?:sick|for\s+tests)|sick\s+(?:leave|note)|blood\s+(?:tests?|work|pressure|sugar)|"
    r"painkillers?|steroids?|cortisone|stitches|crutches|wheelchair|hearing\s+aids?|"
    r"(?:in|into|out\s+of)\s+hospital|hospitali[sz]ed|hospital\s+(?:appointment|stay|visit|admission)|a\s*&\s*e|intensive\s+care|icu|outpatients?|flare-?ups?|relapse|remission|"
    r"nausea|nauseous|dizz(?:y|iness)|fatigue|insomnia|shortness\s+of\s+breath|fever|infections?|"
    r"allerg(?:y|ies|ic)|intoleran(?:t|ce)|disabilit(?:y|ies)|disabled|chronic\w*|"
    r"pcos|copd|ms\s+diagnosis|hernia|gout|shingles|pneumonia|bronchitis|stroke|cardiac|"
    r"palpitations|arrhythmia|angina|anaemic|anemic|cyst|lump\s+in)\b"
)
"""Conditions, injuries, symptoms and treatments the drug and diagnosis words miss: a damaged
body part ("herniated disc", "my knee surgery"), named illnesses ("long covid", "vertigo"),
treatments ("physio") and clinicians' opinions ("my GP thinks …"). A body part alone ("my knee
hated netball") or a sport's kit ("disc golf") is not health."""
_HEALTH = re.compile(
    r"\b(?:" + _MED_SUFFIX + r")\b|"
    r"\b(?:diagnos(?:ed|is|es)|prescri(?:bed|ption|ptions)|medication|medications|medicine|meds|pills?|"
    r"dosage|dose|doses|mg|side\s+effects?|symptoms?|chronic|disorder|disease|syndrome|illness|"
    r"condition|(?:my|the\s+user'?s|their|his|her|seeing\s+a|see\s+a|in|started|starting|couples|group|"
    r"cognitive\s+behavioral|cognitive\s+behavioural|cbt)\s+(?:therapy|therapist)|therapy\s+sessions?|psychiatrist|oncologist|chemo(?:therapy)?|surgery|my\s+doctor|"
    r"doctor\s+(?:put|said|confirmed|told|thinks|prescribed)|insulin|inhaler|antidepressants?|"
    r"antibiotics?|diabetes|diabetic|asthma|adhd|autism|autistic|depression|depressed|anxiety|"
    r"bipolar|schizophrenia|ocd|ptsd|cancer|tumou?r|migraines?|epilepsy|epileptic|arthritis|"
    r"eczema|psoriasis|glaucoma|endometriosis|apnea|apnoea|insomnia|hypertension|high\s+blood\s+pressure|"
    r"cholesterol|thyroid|hiv|hepatitis|lupus|crohn'?s|celiac|coeliac|ibs|fibromyalgia|"
    r"dementia|alzheimer'?s|parkinson'?s|multiple\s+sclerosis|pregnan(?:t|cy)|"
    r"miscarriage|infertility|ivf|heart\s+attack|anorexia|bulimia|eating\s+disorder|"
    r"addiction|rehab|[a-z]+itis|[a-z]{3,}osis|[a-z]+emia|[a-z]+aemia|[a-z]+algia|[a-z]+pathy|"
    r"hypo[a-z]+ism|hyper[a-z]+ism)\b|" + _BODY_HEALTH,
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
    r"\b(?:religio(?:n|ns|us)|(?:my|his|her|their|our|the\s+user'?s)\s+faith|faith\s+(?:community|group|leader|school)|"
    r"devout|pious|practi[cs]ing\s+(?:\w+\s+)?(?:faith|religion)|convert(?:ed|ing)?\s+to\s+\w+|"
    r"churchgoer|church(?:es)?(?!\s+(?:street|st|road|rd|lane|ln|hill|end|green|farm|ave|avenue|close|walk|row))|"
    r"chapel|cathedral|mosques?|synagogues?|shul|gurdwaras?|mandir|(?:go(?:es|ing)?\s+to|went\s+to|attend\w*|"
    r"at)\s+(?:the\s+)?(?:temple|mass|service|services|worship|meeting\s+for\s+worship)|"
    r"pray(?:s|ing|ed|er|ers)?|worship(?:s|ped|ping)?|(?:believe|belief)\s+in\s+(?:god|allah|jesus|christ|the\s+lord)|"
    r"god-fearing|born[\s-]again|"
    r"christianity|catholics?|catholicism|protestants?|protestantism|evangelicals?|anglicans?|"
    r"episcopalians?|methodists?|baptists?|lutherans?|presbyterians?|pentecostals?|quakers?|adventists?|"
    r"jehovah'?s\s+witness(?:es)?|latter[\s-]day\s+saints?|lds|mormons?|mormonism|amish|mennonites?|"
    r"(?:greek|russian|eastern|coptic|serbian)\s+orthodox|orthodox\s+(?:christian|jew|jewish|church)|"
    r"muslims?|islam(?:ic)?|sunni|shia|shi'?ite|sufi|jews|jewish|judaism|hasidic|hindus?|hinduism|"
    r"buddhis[tm]s?|sikhs?|sikhism|jains?\s+(?:faith|temple|community|festival)|jainism|"
    r"(?:i'?m|we'?re|they'?re|is|are|am|was|were|a|an|as|became|become|becoming|raised|born|devout|"
    r"practi[cs]ing|lapsed|non-practi[cs]ing|observant)\s+(?:a\s+|an\s+)?(?:devout\s+|practi[cs]ing\s+|lapsed\s+|"
    r"observant\s+|born-again\s+)?(?:jains?|christians?)|christian\s+(?:faith|church|values|beliefs?|school|fellowship)|"
    r"zoroastrian(?:s|ism)?|parsi|bah[aá]'?[ií](?:s|\s+faith)?|baha'?ism|taois[tm]s?|daois[tm]|shinto(?:ism)?|"
    r"confucian(?:ism)?|rastafarian(?:s|ism)?|scientolog(?:y|ist)|unitarians?|wicca|wiccan|pagans?|paganism|"
    r"druids?|druidry|heathen(?:ry)?|satanis[tm]|hare\s+krishna|atheists?|atheism|agnostics?|agnosticism|"
    r"non-?religious|irreligious|spiritual(?:ity)?|ramadan|lent|sabbath|shabbat|eid|diwali|vaisakhi|"
    r"yom\s+kippur|rosh\s+hashanah|hanukk?ah|chanukah|passover|bar\s+mitzvah|bat\s+mitzvah|pilgrimage|hajj|"
    r"umrah|bible|biblical|quran|koran|torah|talmud|bhagavad\s+gita|scriptures?|rosary|hijab|niqab|burqa|"
    r"kippah|yarmulke|kosher|halal|baptized|baptised|baptism|christening|confirmation\s+class|communion|"
    r"parish(?:ioner)?|congregation|vicar|priest|rabbi|imam|pastor|minister\s+at|monk|nun|"
    r"sunday\s+school|bible\s+study|mass\s+on\s+sundays?)\b",
    re.IGNORECASE,
)
_SEXUALITY = re.compile(
    r"\b(?:gay|lesbian|bisexual|(?:i'?m|i\s+am|is|as)\s+bi|bi\s+(?:man|woman|person|guy|girl)|queer|pansexual|"
    r"asexual|(?:i'?m|i\s+am|as)\s+ace|aromantic|demisexual|heterosexual|homosexual|same[\s-]sex|"
    r"(?:i'?m|i\s+am|is)\s+straight|straight\s+(?:man|woman|guy|girl)|sexual\s+orientation|sexuality|"
    r"(?:coming|came|come)\s+out\s+(?:as|to\s+(?:my|his|her|their|the))|closeted|in\s+the\s+closet|"
    r"lgbt\w*\+?|transgender|trans\s+(?:man|woman|guy|girl)|non-binary|nonbinary|genderqueer|"
    r"gender\s+identity|(?:pride|gay)\s+(?:march|parade)|drag\s+(?:queen|king))\b",
    re.IGNORECASE,
)
_FINANCES = re.compile(
    r"\b(?:salary|salaries|wages?|paycheck|paycheque|pay\s*(?:slip|check|rise|raise|cut|grade|packet)|"
    r"take[\s-]home\s+pay|income|on\s+(?:[$£€¥]\s?\d|\d[\d,.]*\s*(?:k|grand)\b)|"
    r"(?:earn|make|made|makes|making|earned|earning|earns|clear)\s+"
    r"(?:about\s+|around\s+|roughly\s+|over\s+|under\s+|nearly\s+|almost\s+|just\s+)?[$£€¥]?\s?\d[\d,.]*\s*"
    r"(?:k|grand|thousand|million|m)?\b|paid\s+\d|bonus|net\s+worth|savings?\s+(?:account|of|are|is)|"
    r"(?:my|our|the\s+user'?s|their)\s+savings|(?:in|into|out\s+of)\s+debt|debts?|loans?|mortgages?|"
    r"remortgag\w+|credit\s+(?:score|rating|card\s+(?:debt|bill|balance))|overdraft|overdrawn|arrears|"
    r"bankrupt(?:cy)?|insolven\w+|repossess\w*|foreclos\w+|payday\s+lender|debt\s+collectors?|"
    r"tax\s+(?:return|bill|debt)|owe|owes|owed|owing|iou|inheritance|inherited\s+[$£€¥]?\d|investments?|"
    r"portfolio|stocks?\s+(?:portfolio|holdings)|crypto\s+(?:portfolio|holdings)|401\s?\(?k\)?|roth\s+ira|"
    r"pension\s+pot|pension|financial(?:ly)?|finances|broke|skint|living\s+paycheck\s+to\s+paycheck)\b|"
    r"\bISA\b|[$£€¥]\s?\d[\d,.]*\s*(?:k|m|million|bn)?|\b\d[\d,.]*\s?(?:k|grand|dollars|pounds|euros)\s+"
    r"(?:a|per)\s+(?:year|month|annum|week)\b",
    re.IGNORECASE,
)
_ETHNICITY = re.compile(
    r"\b(?:ethnicity|ethnic(?:ally)?|racial(?:ly)?|(?:my|his|her|their|the\s+user'?s)\s+race|"
    r"mixed[\s-]race|biracial|multiracial|(?:my|his|her|their|our|the\s+user'?s)\s+(?:\w+\s+)?(?:heritage|"
    r"ancestry|roots)|of\s+\w+\s+(?:descent|heritage|origin|ancestry)|descent|"
    r"(?:i'?m|i\s+am|is|are|we're|as\s+a)\s+(?:half[\s-]|mixed\s+|part[\s-])?(?:black|white|asian|hispanic|latin[oax]|"
    r"arab|caucasian|indigenous|aboriginal|roma|romani|gypsy|traveller|pacific\s+islander|native\s+american|"
    r"first\s+nations|inuit|maori|m[aā]ori)|bame|bipoc|poc|person\s+of\s+colou?r|people\s+of\s+colou?r)\b",
    re.IGNORECASE,
)
_IMMIGRATION = re.compile(
    r"\b(?:immigration\s+(?:status|case|lawyer|hearing|papers|appeal|tribunal)|immigrants?|undocumented|"
    r"illegal(?:ly)?\s+(?:immigrant|alien|here|in\s+the\s+country)|asylum|refugees?|green\s+card|"
    r"work\s+(?:visa|permit)|residence\s+permit|residency\s+(?:status|application|permit|card)|"
    r"(?:student|spousal|spouse|partner|tourist|work|h-?1b|l-?1|o-?1|tier\s+\d|skilled\s+worker|settlement|"
    r"family|dependant|dependent)\s+visa|visa\s+(?:status|expires|expired|expiry|overstay|sponsorship|"
    r"was\s+(?:denied|refused|rejected)|runs\s+out)|overstay(?:ed|ing)?|deport(?:ed|ation)|"
    r"citizenship\s+(?:application|test|ceremony|status)|naturali[sz](?:ed|ation)|"
    r"indefinite\s+leave\s+to\s+remain|ilr|daca|dreamer|settled\s+status|pre-settled|stateless)\b",
    re.IGNORECASE,
)
_CRIMINAL = re.compile(
    r"\b(?:arrest(?:ed|s)?|convicted|convictions?|criminal\s+(?:record|records|past|history|charges?|offen[cs]es?)|"
    r"prison|jail(?:ed)?|gaol|inmate|incarcerat\w+|served\s+(?:time|\d+\s+(?:years?|months?))|behind\s+bars|"
    r"parole|probation|felony|felon|misdemeanou?r|court\s+case|pleaded\s+guilty|plead\s+guilty|"
    r"charged\s+with|on\s+bail|dui|dwi|drink[\s-]driving|drunk[\s-]driving|driving\s+ban|banned\s+from\s+driving|"
    r"community\s+service\s+order|sex\s+offender|police\s+(?:record|caution)|cautioned\s+by\s+(?:the\s+)?police|"
    r"ankle\s+(?:tag|monitor)|shoplift\w*|fined\s+for|restraining\s+order|suspended\s+sentence|"
    r"young\s+offenders?|borstal|juvie|rap\s+sheet)\b",
    re.IGNORECASE,
)
_SEX_LIFE = re.compile(
    r"\b(?:sex\s+life|sexual\s+(?:health|partners?|history)|std|stds|sti|stis|hook[\s-]?ups?|one[\s-]night\s+stand)\b",
    re.IGNORECASE,
)

POLICY_CATEGORIES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "health": (
        re.compile(
            r"\b(?:health|medical|medications?|medicines?|meds|drugs|prescriptions?|diagnos\w*|"
            r"conditions?|illness(?:es)?|diseases?|disabilit\w+|mental|symptoms?|treatments?|therap\w+|"
            r"allerg\w+|pregnan\w+)\b",
            re.I,
        ),
        _HEALTH,
    ),
    "politics": (
        re.compile(
            r"\b(?:politic\w*|vot(?:e|es|ing)|elections?|party|parties|affiliations?|ideolog\w*)\b", re.I
        ),
        _POLITICS,
    ),
    "religion": (
        re.compile(
            r"\b(?:religio\w*|faiths?|(?<!political\s)beliefs?|spiritual\w*|church|worship|creeds?|"
            r"philosophical\s+beliefs?)\b",
            re.I,
        ),
        _RELIGION,
    ),
    "sexuality": (
        re.compile(r"\b(?:sexual\w*|orientation|gender\s+identity|lgbt\w*|sexuality)\b", re.I),
        _SEXUALITY,
    ),
    "finances": (
        re.compile(
            r"\b(?:financ\w*|salar\w+|income|money|debts?|wealth|earnings|net\s+worth|loans?|mortgages?|"
            r"credit|savings|wages?|pay|assets|investments?|bank\s+balances?|spending)\b",
            re.I,
        ),
        _FINANCES,
    ),
    "ethnicity": (
        re.compile(r"\b(?:ethnic\w*|race|racial|heritage|ancestry|origins?)\b", re.I),
        _ETHNICITY,
    ),
    "immigration": (
        re.compile(
            r"\b(?:immigration|migration|visas?|residency|residence\s+status|citizenship|asylum|nationality|"
            r"right\s+to\s+work)\b",
            re.I,
        ),
        _IMMIGRATION,
    ),
    "criminal": (
        re.compile(
            r"\b(?:criminal|convictions?|arrests?|legal\s+(?:history|troubles?|issues?)|police\s+records?|"
            r"offen[cs]es?|prison|jail)\b",
            re.I,
        ),
        _CRIMINAL,
    ),
    "sex_life": (
        re.compile(r"\b(?:sex\s+life|sexual\s+(?:health|history|activity)|intimate)\b", re.I),
        _SEX_LIFE,
    ),
}
"""category → (words that name it in a store's policy text, words that trigger it in a memory)."""

_STORE_VERB = (
    r"(?:store|save|keep|record|remember|capture|retain|log|track|collect|extract|memori[sz]e|include|note|"
    r"hold|persist|write\s+down|file|mention|use)"
)
_EXCLUSION_CLAUSE = re.compile(
    r"\b(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|shall\s+not|cannot|can'?t|"
    r"may\s+not|will\s+not|won'?t|not)\s+(?:ever\s+|be\s+)?" + _STORE_VERB + r"\w*\b"
    r"|\b(?:avoid|exclude[sd]?|excluding|except|ignore|omit|skip|without|no|nothing|none\s+of|"
    r"refrain\s+from|leave\s+out|keep\s+out|steer\s+clear\s+of|stay\s+away\s+from|apart\s+from|other\s+than|"
    r"but\s+not|not\s+(?:any|anything)|forbidden|prohibited|off[\s-]limits|"
    r"(?:never|not)\s+(?:on|about|regarding|anything\s+(?:on|about)))\b",
    re.IGNORECASE,
)
"""A cue whose exclusion follows it: "Never record …", "Avoid storing …", "no … please"."""
_PASSIVE_EXCLUSION = re.compile(
    r"\b(?:(?:must|should|shall|may|can|will|are\s+to|is\s+to|need\s+to)\s*(?:n'?t|not|never)\s+(?:ever\s+)?be\s+"
    r"\w+|(?:mustn|shouldn|can|won)'t\s+be\s+\w+|(?:is|are)\s+(?:not|never)\s+to\s+be\s+\w+|"
    r"(?:is|are)\s+(?:strictly\s+)?(?:off[\s-]limits|private|excluded|forbidden|prohibited|not\s+allowed|"
    r"out\s+of\s+bounds|not\s+permitted|banned|confidential|not\s+to\s+be\s+\w+)|stays?\s+private|"
    r"(?:keep|leave)\s+(?:that|those|these|them|it)\s+out)\b",
    re.IGNORECASE,
)
"""A cue whose exclusion comes before it: "Religious beliefs must not be stored"."""
_CLAUSE_END = re.compile(r"[.;!?\n]|\b(?:but|however|although|though|whereas|while)\b", re.IGNORECASE)
_CLAUSE_START = re.compile(
    r"[.;!?\n]|\b(?:but|however|although|though|whereas|and\s+(?=\w+\s+\w+\s+(?:must|should)))\b", re.I
)


# --------------------------------------------------------------------------- people a policy names

_POSS = r"(?:my|our|the\s+user'?s|their|his|her|your)"
_CHILD = (
    r"(?:child|children|kids?|kiddos?|sons?|daughters?|bab(?:y|ies)|toddlers?|teens?|teenagers?|little\s+ones?|"
    r"eldest|youngest|oldest|middle\s+(?:one|child|kid)|twins|triplets|step-?(?:sons?|daughters?|kids?)|boys|girls|"
    r"lad|lass|\d{1,2}[\s-]year[\s-]olds?)"
)
_PARTNER = (
    r"(?:partner|spouse|wife|husband|boyfriend|girlfriend|fianc[ée]e?|other\s+half|hubby|missus|"
    r"significant\s+other)"
)
_PARENTS = r"(?:parents?|mother|father|mum|mom|mam|dad|mama|papa|step-?(?:mum|mom|dad|father|mother))"
_SIBLINGS = r"(?:siblings?|brothers?|sisters?|step-?(?:brother|sister)s?)"
_RELATIVES = (
    r"(?:family|relatives?|cousins?|aunts?|aunties?|uncles?|nieces?|nephews?|grand(?:ma|pa|mother|father|parents?|"
    r"sons?|daughters?|kids?|children)|nan|nana|gran|granny|grandad|in-laws?|(?:mother|father|sister|brother)-in-law)"
)
_SUBJECTS: dict[str, tuple[str, str]] = {
    "children": (
        r"child(?:ren)?|kids?|sons?|daughters?|offspring|minors?|bab(?:y|ies)|toddlers?|teens?|teenagers?",
        _CHILD,
    ),
    "partner": (
        r"partners?|spouses?|wife|wives|husbands?|boyfriends?|girlfriends?|significant\s+others?|fianc[ée]e?s?",
        _PARTNER,
    ),
    "parents": (r"parents?|mothers?|fathers?|mums?|moms?|dads?", _PARENTS),
    "siblings": (r"siblings?|brothers?|sisters?", _SIBLINGS),
    "family": (
        r"family|families|family\s+members?|relatives?|relations",
        r"(?:" + "|".join([_CHILD, _PARTNER, _PARENTS, _SIBLINGS, _RELATIVES]) + r")",
    ),
    "friends": (r"friends?|mates?", r"(?:friends?|mates?|best\s+friend|bestie|pal|buddy)"),
    "pets": (
        r"pets?|animals?|dogs?|cats?",
        r"(?:pets?|dogs?|cats?|pupp(?:y|ies)|kittens?|rabbits?|hamsters?|guinea\s+pigs?|parrots?|horses?|ponies|"
        r"labradors?|spaniels?|terriers?|collies?|greyhounds?|tabby|lurchers?|whippets?|budgies?|tortoises?)",
    ),
    "colleagues": (
        r"colleagues?|co-?workers?|boss(?:es)?|managers?|teammates?",
        r"(?:colleagues?|co-?workers?|boss|manager|line\s+manager|teammates?|team\s+lead)",
    ),
    "employer": (r"employers?|company|companies|firms?|workplaces?|place\s+of\s+work|organi[sz]ation", ""),
}
"""subject → (words that name it in a policy, words that name it in a memory)."""
_ATTRIBUTES: dict[str, str] = {
    "name": r"(?:first\s+|full\s+|real\s+)?names?|what\s+(?:they'?re|they\s+are)\s+called|identit(?:y|ies)",
    "school": (
        r"schools?|school\s+names?|nurser(?:y|ies)|daycares?|academ(?:y|ies)|colleges?|universit(?:y|ies)|"
        r"education|where\s+they\s+(?:go\s+to\s+school|study|studied)|alma\s+maters?"
    ),
    "age": r"ages?|birthdays?|dates?\s+of\s+birth|how\s+old",
    "job": r"jobs?|occupations?|professions?|careers?|work|employment|line\s+of\s+work|what\s+they\s+do",
    "health": r"health|medical\w*|conditions?|illness(?:es)?",
    "bank": r"banks?|banking|where\s+they\s+bank",
    "employer": r"employers?|company|firm|workplace|place\s+of\s+work|where\s+they\s+work|who\s+they\s+work\s+for",
}
"""attribute → the words that name it in a policy."""
_ANY_ATTRIBUTE = re.compile(
    r"^(?:details?|info(?:rmation)?|data|anything|everything|stuff|lives?|personal\s+\w+|facts?|specifics)?$",
    re.I,
)
_GENERIC_WORDS = frozenset(
    "following above below thing things anything everything something stuff detail details information info data "
    "fact facts personal sensitive private specific specifics other such like user users person people their them "
    "they matter matters topic topics subject subjects kind kinds type types category categories content memory "
    "memories note notes record records whatsoever ever store stored storing keep kept keeping saved saving "
    "please also either neither beyond which what that this these those identifying identifiable related "
    "including include includes example etc name names particular particulars involving regarding concerning "
    "about mention mentions reference references says said say tell tells told share shares shared "
    "write writes wrote gives given asks asked".split()
)
_WEAK_CUE = re.compile(
    r"^(?:no|without|except|apart\s+from|other\s+than|but\s+not|not\s+any|none\s+of)$", re.I
)
"""Cues after which a stray word is not a category of its own ("no matter how small")."""
_ITEM_SPLIT = re.compile(r"\s*(?:,|;|/|&|\bor\b|\band\b|\bnor\b|\bplus\b|\bas\s+well\s+as\b)\s*", re.I)
_ITEM_FILLER = re.compile(
    r"^(?:(?:anything|something|everything|any|all|stuff|details?|info(?:rmation)?|data|facts?|mentions?|"
    r"references?)\s+(?:about|regarding|on|concerning|of|related\s+to|to\s+do\s+with|involving)\s+|"
    r"(?:about|regarding|on|concerning|of|the|a|an|any|either|neither|both|other|also|ever|even|"
    r"(?:stor|record|keep|sav|not|mention|track|us|collect|captur|retain|log)(?:e|ing)?|anything|details?)\s+)",
    re.I,
)
_OWNER = re.compile(r"\b(?:their|the\s+user'?s|user'?s|his|her|them|they|the\s+person'?s)\b\s*", re.I)


def _attribute_key(text: str) -> str | None:
    text = text.strip(" '’.")
    if _ANY_ATTRIBUTE.match(text):
        return "*"
    for key, words in _ATTRIBUTES.items():
        if re.fullmatch(r"(?:\w+\s+)?(?:" + words + r")", text, re.I):
            return key
    return None


def _topic(word: str) -> str:
    word = word.lower()
    for suffix in ("ings", "ing", "ies", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _item_categories(items: list[str], strong: bool) -> set[str]:
    """Categories of one exclusion clause's items ("their children's names", "schools", "their
    employer's name"): a person and what about them, a self attribute, or the item's own words."""
    found: set[str] = set()
    subject: str | None = None
    for raw in items:
        item = raw.strip(" .'’\"")
        prev = None
        while prev != item:
            prev = item
            item = _ITEM_FILLER.sub("", item).strip()
        owned = bool(_OWNER.search(item))
        item = re.sub(r"^" + _OWNER.pattern, "", item, flags=re.I).strip()
        if not item:
            continue
        hit = None
        for name, (policy_words, _) in _SUBJECTS.items():
            m = re.search(r"\b(?:" + policy_words + r")(?:'s|s'|’s|')?(?=\s|$)", item, re.I)
            if m:
                hit = name
                after = item[m.end() :].strip()
                before = re.sub(
                    r"\s+of\s+(?:their|the\s+user'?s|his|her)?\s*$", "", item[: m.start()], flags=re.I
                )
                attr_text = after or before
                break
        if hit is not None:
            subject = hit
            key = _attribute_key(attr_text) if attr_text else "*"
            if key is None:
                words = [w for w in re.findall(r"[a-z]{3,}", attr_text.lower()) if w not in _GENERIC_WORDS]
                found |= {f"about:{hit}:word={_topic(w)}" for w in words} or {f"about:{hit}:*"}
            else:
                found.add(f"about:{hit}:{key}")
            continue
        key = _attribute_key(item)
        if subject is not None and not owned and key not in (None, "*"):
            found.add(f"about:{subject}:{key}")
            continue
        subject = None
        if any(namer.search(item) for namer, _ in POLICY_CATEGORIES.values()):
            continue
        if key == "employer":
            found.add("about:employer:*")
        elif key in ("job", "bank", "school", "name"):
            found.add(f"about:self:{key}")
        elif strong and key is None and len(item.split()) <= 3:
            words = [w for w in re.findall(r"[a-z]{3,}", item.lower()) if w not in _GENERIC_WORDS]
            if words:
                found.add("topic:" + " ".join(_topic(w) for w in words))
    return found


_NOT_A_NAME = frozenset(
    "I The A An My Our Their His Her And But So Or If When Then Monday Tuesday Wednesday Thursday Friday Saturday "
    "Sunday January February March April May June July August September October November December Christmas Easter "
    "Halloween Diwali Eid Hanukkah Thanksgiving Mum Mom Dad Nan Gran Granny Grandma Grandpa Lol Ok Okay Yes No "
    "Thanks Please Also Just".split()
)
_NAME = r"(?P<n>[A-Z][a-zà-ÿ'’\-]+)"
_ORG = r"(?P<o>[A-Z][\w&'’.\-]*(?:\s+(?:&\s+|of\s+|and\s+)?[A-Z][\w&'’.\-]*){0,3})"
_SCHOOL_NAME = re.compile(
    r"(?:\bSt\.?\s+)?\b[A-Z][\w'’\-]+(?:\s+[A-Z][\w'’\-]+){0,3}\s+(?:School|Academy|High(?:\s+School)?|"
    r"Primary(?:\s+School)?|Infants?(?:\s+School)?|Juniors?(?:\s+School)?|Nursery|Pre-?[Ss]chool|Kindergarten|"
    r"Kindy|Elementary(?:\s+School)?|Middle\s+School|College|Prep(?:\s+School)?|Grammar(?:\s+School)?|"
    r"Montessori|Sixth\s+Form|Comprehensive|Gymnasium|Day\s+Care|Daycare)\b|"
    r"\b(?:Montessori|Steiner)\s+[A-Z]?[\w'’\-]*"
)
_CHILD_SCHOOL_CONTEXT = re.compile(
    r"\b(?:pick[\s-]?up|drop[\s-]?off|school\s+run|nativity|costume|head\s+lice|nits|uniform|pta|pto|"
    r"parents'?\s+evening|parent[\s-]teacher|half[\s-]term|inset\s+day|sports\s+day|report\s+card|homework|"
    r"got\s+(?:a\s+place\s+)?(?:into|in\s+at)|starts?\s+at|goes\s+to|go\s+to|attends?|enrol\w*|admissions?|"
    r"catchment|leave\s+(?:application|request|letter)|absence\s+(?:note|letter|request)|letter\s+from|"
    r"email\s+from|newsletter|playground|school\s+trip|field\s+trip|teacher|class\s+(?:rep|trip|assembly)|"
    r"assembly|open\s+day|reception\s+class|year\s+\d)\b",
    re.I,
)
_OWN_STUDY = re.compile(
    r"\b(?:i|the\s+user)\s+(?:\w+\s+)?(?:study|studied|studying|graduated|teach|taught|teaching|work|worked|"
    r"working|lecture|went)\s+(?:at|from|to|in)\b|\b(?:my|the\s+user'?s)\s+(?:old\s+)?(?:alma\s+mater|"
    r"uni|university|degree)\b",
    re.I,
)
_EMPLOYER = [
    re.compile(
        r"(?i:\b(?:i|we|the\s+user)(?:'ve|\s+have|\s+has|'m|\s+am|\s+is)?(?:\s+(?:been|still|now|currently|just|"
        r"also|mostly|recently|started|start|starting|going\s+to|gonna|will|'ll))*\s+(?:work(?:s|ed|ing)?|"
        r"temp(?:s|ed|ing)?|intern(?:s|ed|ing)?|contract(?:s|ed|ing)?|freelanc(?:e|es|ed|ing))\s+(?:at|for|with)\s+)"
        + _ORG
    ),
    re.compile(r"(?i:\b(?:employed|hired|recruited|headhunted|poached|sponsored)\s+by\s+)" + _ORG),
    re.compile(
        r"(?i:\b(?:my|our|the\s+user'?s|their)\s+(?:current\s+|new\s+|old\s+|former\s+)?(?:employer|company|firm|"
        r"workplace|office|day\s+job)\s*(?:,|is|-|–|:|was)\s*)" + _ORG
    ),
    re.compile(
        r"(?i:\b(?:job|position|role|internship|contract|placement|promotion|secondment|apprenticeship|"
        r"hr|human\s+resources|payroll|boss|manager|colleagues?|co-?workers?|(?:my|our|the)\s+team|head\s+office|"
        r"canteen|reorg|desk)\s+(?:at|with|of|from)\s+)" + _ORG
    ),
    re.compile(
        r"(?i:\b(?:been|started|starting|start|i'?m|the\s+user\s+is)\s+(?:at|with)\s+)"
        + _ORG
        + r"(?i:\s+(?:for|since|as|in|last|this|back|on|now|\d|two|three|four|five|six|seven|eight|nine|ten|a\s+year|"
        r"a\s+few|years?|months?))"
    ),
    re.compile(r"(?i:\b(?:joined|joining|join)\s+)" + _ORG + r"(?i:\s+as\s+(?:a|an|their|the)\b)"),
    re.compile(
        _ORG + r"(?i:\s*,?\s+(?:is|was|are)\s+(?:my|our|the\s+user'?s)\s+(?:employer|company|workplace|firm))"
    ),
    re.compile(_ORG + r"(?i:\s*,?\s+where\s+(?:i|we|the\s+user)\s+work)"),
    re.compile(
        _ORG + r"(?i:(?:\s+\w+){0,3}\s+(?:announced|announces|is\s+having|had|has|is\s+doing|did|are\s+doing|"
        r"is\s+making|made)\s+(?:\w+\s+){0,2}(?:hiring\s+freeze|layoffs|lay-offs|redundanc\w+|restructur\w+|"
        r"reorg\w*|pay\s+freeze|pay\s+cuts?|all-hands|town\s+hall|return[\s-]to[\s-]office|office\s+move)\b)"
    ),
]
"""The user's employer by name: "I work at Kitebridge Consulting", "my company, Tessellate
Systems, …", "HR at Cobaltine Retail", "Been at Orrery Labs for five years", "Marrowbone Foods just
announced another hiring freeze". Someone else's ("my mechanic works at …") is not the user's."""
_EMPLOYER_ANY = re.compile(
    r"\b(?:my|our|the\s+user'?s)\s+(?:current\s+|new\s+|old\s+)?(?:employer|company|firm|workplace)\b", re.I
)
_SELF_JOB = re.compile(
    r"\b(?:i|the\s+user)\s+(?:work|works|am\s+working|is\s+working)\s+as\b|"
    r"\b(?:i'?m|i\s+am|the\s+user\s+is)\s+(?:a|an)\s+\w+(?:\s+\w+)?\s+by\s+(?:trade|profession)\b|"
    r"\b(?:my|the\s+user'?s)\s+(?:job|occupation|profession|day\s+job|career)\b|\bday\s+job'?s?\b",
    re.I,
)
_BANKED_WITH = [
    re.compile(r"(?i:\bbank(?:s|ing|ed)?\s+(?:with|at)\s+)" + _ORG),
    re.compile(r"(?i:\b(?:my|our|the\s+user'?s)\s+bank\s*(?:,|is|-|–|:)\s*)" + _ORG),
    re.compile(_ORG + r"(?i:\s+(?:current|savings|checking|cheque|bank|joint)\s+account)"),
]
_SELF_NAME = re.compile(
    r"(?i:\b(?:my|the\s+user'?s)\s+(?:full\s+|real\s+|first\s+|last\s+|sur)?name\s+is\b|\bcall\s+me\b)\s+[A-Z]"
)
_AGE_OF = r"(?:\d{1,2}|" + _NUMBER_WORD + r"|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"


def _named(pattern: re.Pattern[str], text: str, group: str) -> bool:
    """A match whose name is a name: not a weekday, a pronoun or a bare "The"."""
    for m in pattern.finditer(text):
        words = m.group(group).split()
        if words[0] not in _NOT_A_NAME or (words[0] == "The" and len(words) > 1):
            return True
    return False


@functools.lru_cache(maxsize=64)
def _person_patterns(words: str) -> dict[str, re.Pattern[str]]:
    """Detectors of one kind of person ("my son …") and of what a text says about them."""
    person = r"(?i:" + _POSS + r"\s+(?:\w+\s+)?" + words + r")"
    any_det = r"(?i:\b(?:" + _POSS + r"|the|a|an|one|two|three)\s+(?:\w+\s+)?" + words + r")\b"
    return {
        "mention": re.compile(r"\b" + person + r"\b"),
        "any_mention": re.compile(any_det),
        "name": re.compile(
            r"\b"
            + person
            + r"(?i:\s*,?\s*(?:(?:who'?s|who\s+is)\s+)?(?:called|named)?\s*|(?:'s|’s|'|’)?\s+names?\s+"
            r"(?:is|are|was)\s+)" + _NAME + r"|"
            r"\b" + _NAME.replace("?P<n>", "?P<m>") + r"(?:\s*,\s*|\s+(?i:is|was|'s)\s+)" + person + r"\b|"
            r"(?i:\b(?:a|an|one|two|three)\s+(?:\w+\s+)?"
            + words
            + r"\s+(?:called|named)\s+)"
            + _NAME.replace("?P<n>", "?P<k>")
        ),
        "age": re.compile(
            r"\b"
            + person
            + r"(?i:\s*,?\s*(?:is|'s|was|turned|turns|turning|will\s+be|aged?)\s+)"
            + _AGE_OF
            + r"\b|"
            r"(?i:\b" + _POSS + r"\s+(?:\d{1,2}|" + _NUMBER_WORD + r"|\w+)[\s-]years?[\s-]old\b)|"
            r"\b" + person + r"(?i:'s|’s)\s+(?:\w+\s+)?(?i:birthday|age)\b",
        ),
        "job": re.compile(
            r"\b"
            + person
            + r"(?i:\s+(?:is|'s|works\s+as|is\s+working\s+as)\s+(?:a|an)\s+\w+|\s+works\s+(?:at|for|in|"
            r"as)\b|(?:'s|’s)\s+(?:new\s+|old\s+)?(?:job|work|career|boss|office|employer|company))"
        ),
    }


def _name_hit(pattern: re.Pattern[str], text: str) -> bool:
    for m in pattern.finditer(text):
        name = next(g for g in (m.group("n"), m.group("m"), m.group("k")) if g)
        if name not in _NOT_A_NAME:
            return True
    return False


def _employer_hit(text: str) -> bool:
    return any(_named(p, text, "o") for p in _EMPLOYER)


def _about_hit(subject: str, attribute: str, text: str) -> bool:
    """Whether `text` states `attribute` of `subject` ("children", "name": "My son Arlo …")."""
    if subject == "employer" or (subject == "self" and attribute == "employer"):
        return _employer_hit(text) or (attribute != "name" and bool(_EMPLOYER_ANY.search(text)))
    if subject == "self":
        if attribute == "job":
            return bool(_SELF_JOB.search(text)) or _employer_hit(text)
        if attribute == "bank":
            return any(_named(p, text, "o") for p in _BANKED_WITH)
        if attribute == "name":
            return bool(_SELF_NAME.search(text))
        if attribute == "school":
            return bool(_SCHOOL_NAME.search(text)) and bool(_OWN_STUDY.search(text))
        return False
    people = _person_patterns(_SUBJECTS[subject][1])
    if attribute == "name":
        return _name_hit(people["name"], text)
    if attribute == "school":
        if not _SCHOOL_NAME.search(text) or _OWN_STUDY.search(text):
            return False
        return bool(people["any_mention"].search(text)) or (
            subject in ("children", "family") and bool(_CHILD_SCHOOL_CONTEXT.search(text))
        )
    if attribute in ("age", "job"):
        return bool(people[attribute].search(text))
    mentioned = bool(people["mention"].search(text))
    if attribute == "health":
        return mentioned and bool(_HEALTH.search(_HEALTH_EXCEPTIONS.sub(" ", text)))
    if attribute.startswith("word="):
        return mentioned and re.search(r"\b" + re.escape(attribute[5:]), text, re.I) is not None
    return mentioned


def _category_hit(name: str, text: str) -> bool:
    if name in POLICY_CATEGORIES:
        return _policy_hit(text, [name])
    if name.startswith("about:"):
        _, subject, attribute = name.split(":", 2)
        return _about_hit(subject, attribute, text)
    if name.startswith("topic:"):
        return _topic_pattern(name[6:]).search(text) is not None
    return False


@functools.lru_cache(maxsize=64)
def _topic_pattern(stems: str) -> re.Pattern[str]:
    """A topic's words in a row, however spaced or hyphenated ("home town", "hometown"), with a
    short ending ("gambl" → "gambling", "gambler"; a short word only its plural: "car" not "carry")."""
    words = stems.split()
    ending = r"(?:s|es)?\b" if len(words[-1]) <= 4 else r"\w{0,4}\b"
    return re.compile(r"\b" + r"[\s-]*".join(re.escape(w) for w in words) + ending, re.I)


def excluded_categories(user_profile_details: str | None) -> frozenset[str]:
    """The policy categories a store's free-text `user_profile_details` says not to store.

    Only the text governed by an exclusion cue counts: after an active cue ("Do not store …",
    "never keep …", "avoid …", "exclude …", "no … please") up to the end of its clause, before a
    passive one ("… must not be stored", "… are off-limits") back to the clause's start, and after
    it too when a colon follows ("must not be stored: …"). "Capture the user's health goals" does
    not switch health exclusion on.

    Besides the named categories (health, politics, …), each item of an excluded list that is
    about a person becomes "about:<person>:<attribute>" ("their children's names or schools" →
    about:children:name, about:children:school; "their employer's name" → about:employer:name),
    and an item no lexicon knows ("their gambling") becomes "topic:<word>", screened by that word."""
    if not user_profile_details:
        return frozenset()
    text = user_profile_details
    clauses: list[tuple[str, bool]] = []
    for m in _EXCLUSION_CLAUSE.finditer(text):
        rest = text[m.end() :]
        end = _CLAUSE_END.search(rest)
        clauses.append((rest[: end.start()] if end else rest, not _WEAK_CUE.match(m.group(0))))
    for m in _PASSIVE_EXCLUSION.finditer(text):
        before = text[: m.start()]
        starts = list(_CLAUSE_START.finditer(before))
        clauses.append((before[starts[-1].end() :] if starts else before, True))
        after = text[m.end() :]
        if after.lstrip().startswith(":"):
            end = _CLAUSE_END.search(after.lstrip()[1:])
            clauses.append((after.lstrip()[1:][: end.start()] if end else after, True))
    found: set[str] = set()
    for clause, strong in clauses:
        for name, (namer, _) in POLICY_CATEGORIES.items():
            if namer.search(clause):
                found.add(name)
        found |= _item_categories(_ITEM_SPLIT.split(clause), strong)
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
    hits += [name for name in categories if _category_hit(name, text)]
    return hits


def is_sensitive(text: str, categories: Iterable[str] = ()) -> bool:
    if any(detect(text) for detect in ALWAYS_ON.values()):
        return True
    return any(_category_hit(name, text) for name in categories)


def _compact(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _flagged_sentences(sentences: list[str], categories: frozenset[str]) -> set[int]:
    """Indices of the sentences to drop: sensitive alone, or sensitive only together with a
    neighbour (a value split off from the words that made it one: "… wants my passport no." /
    "It's C329741243.")."""
    bad = {i for i, s in enumerate(sentences) if is_sensitive(s, categories)}
    for i in range(len(sentences) - 1):
        if (
            i not in bad
            and i + 1 not in bad
            and is_sensitive(f"{sentences[i]} {sentences[i + 1]}", categories)
        ):
            bad |= {i, i + 1}
    return bad


def _leaked_values(candidates: list[Candidate]) -> set[str]:
    """Every secret or id value any candidate states, separators removed, so that a candidate
    repeating the value without its context ("131-50-7506 - Spent all of Sunday …") goes too."""
    values: set[str] = set()
    for c in candidates:
        sentences = split_sentences(c.content)
        windows = sentences + [f"{a} {b}" for a, b in zip(sentences, sentences[1:], strict=False)]
        for text in windows:
            values |= {v for v in map(_compact, _secret_values(text)) if len(v) >= 6}
    return values


def _carries(text: str, values: set[str]) -> bool:
    compact = _compact(text)
    return any(v in compact for v in values)


def _screen_summary(candidate: Candidate, categories: frozenset[str], values: set[str]) -> Candidate | None:
    sentences = split_sentences(candidate.content)
    bad = _flagged_sentences(sentences, categories)
    kept = [s for i, s in enumerate(sentences) if i not in bad and not _carries(s, values)]
    if not kept:
        return None
    if len(kept) == len(sentences):
        return candidate
    return candidate.model_copy(update={"content": " ".join(kept)})


def screen(candidates: list[Candidate], options: StoreOptions) -> list[Candidate]:
    """The candidates that may be stored: secrets, government ids, cards, bank details, ages,
    addresses and the store's excluded categories are dropped (summaries: their offending
    sentences are), and so is anything that repeats a value found sensitive elsewhere in the
    batch, wherever it sits in the text."""
    categories = excluded_categories(options.user_profile_details)
    values = _leaked_values(candidates)
    out: list[Candidate] = []
    for c in candidates:
        if c.kind == Kind.CHAT_SUMMARY:
            kept = _screen_summary(c, categories, values)
            if kept is not None:
                out.append(kept)
        elif not is_sensitive(c.content, categories) and not _carries(c.content, values):
            out.append(c)
    return out
