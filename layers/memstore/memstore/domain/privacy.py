"""The privacy guard: what no extractor may turn into a memory.

Applied after every extractor (rules and chat models alike), so a model that ignores its
instructions still cannot store a password. Always on: credentials and secrets (named, or
credential-shaped tokens in a credential context: "I reuse Gra.Quar.2003! for everything"),
government ids (SSN and UK NI shapes; passport, licence and tax numbers next to their name),
payment cards (Luhn), IBANs (mod 97) and bank account details, exact ages and birth dates,
precise street addresses. On when the store's `user_profile_details` excludes them ("Do not
store …", "never record …", "avoid …", "… must not be stored"): health, politics, religion,
sexual orientation, finances, ethnicity, immigration status, criminal history, sex life.

A profile or procedural candidate that trips a rule is dropped whole (the sensitive part is
usually the fact itself); a chat summary loses only its offending sentences."""

from __future__ import annotations

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
_AGE = re.compile(
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
    if _SECRET_NAMES.search(text) and (
        _credential_tokens(text, strict=False)
        or re.search(r"(?:\b(?:is|was|are|were|to|as|reads|it's)\b|[:=])\s*\S", text, re.IGNORECASE)
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


def excluded_categories(user_profile_details: str | None) -> frozenset[str]:
    """The policy categories a store's free-text `user_profile_details` says not to store.

    Only the text governed by an exclusion cue counts: after an active cue ("Do not store …",
    "never keep …", "avoid …", "exclude …", "no … please") up to the end of its clause, before a
    passive one ("… must not be stored", "… are off-limits") back to the clause's start, and after
    it too when a colon follows ("must not be stored: …"). "Capture the user's health goals" does
    not switch health exclusion on."""
    if not user_profile_details:
        return frozenset()
    text = user_profile_details
    clauses: list[str] = []
    for m in _EXCLUSION_CLAUSE.finditer(text):
        rest = text[m.end() :]
        end = _CLAUSE_END.search(rest)
        clauses.append(rest[: end.start()] if end else rest)
    for m in _PASSIVE_EXCLUSION.finditer(text):
        before = text[: m.start()]
        starts = list(_CLAUSE_START.finditer(before))
        clauses.append(before[starts[-1].end() :] if starts else before)
        after = text[m.end() :]
        if after.lstrip().startswith(":"):
            end = _CLAUSE_END.search(after.lstrip()[1:])
            clauses.append(after.lstrip()[1:][: end.start()] if end else after)
    found: set[str] = set()
    for clause in clauses:
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
