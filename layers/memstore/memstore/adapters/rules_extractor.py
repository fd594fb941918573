"""The deterministic extractor: memories from what the user says, by linguistic rules.

No model, no network, no randomness: the local default and the fallback when no chat model is
configured. It reads only the user's own messages, keeps first-person statements that say
something durable (who the user is, what they like, do, use, plan; how the assistant should
answer), rewrites them in the third person while keeping the user's words for the values, and
recognises changes ("actually…", "no longer…", "I switched to…") so consolidation replaces the
old memory instead of adding a contradicting one."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memstore.domain.commands import Command, parse_command, split_sentences
from memstore.domain.merge import content_words, mentions
from memstore.domain.models import Kind, MemoryItem, StoreOptions
from memstore.domain.privacy import excluded_categories, is_sensitive, screen
from memstore.ports.extractor import Candidate, Extraction, Message

IMPORTANCE_REMEMBER = 0.9
IMPORTANCE_PROCEDURAL = 0.8
IMPORTANCE_PROFILE = 0.7
IMPORTANCE_INCIDENTAL = 0.5
IMPORTANCE_SUMMARY = 0.3
MIN_FACTS_FOR_SUMMARY = 2
"""A session that stated one fact is fully described by that fact's memory; a summary of it
would be a duplicate competing for the same search slots."""

# --------------------------------------------------------------------------- lexicons (generic slot heads)

_WEEKDAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_LANGUAGES = (
    r"(?:english|spanish|french|german|italian|portuguese|dutch|swedish|norwegian|danish|finnish|icelandic|"
    r"polish|czech|slovak|hungarian|romanian|bulgarian|greek|turkish|russian|ukrainian|serbian|croatian|"
    r"arabic|hebrew|persian|farsi|hindi|urdu|bengali|punjabi|tamil|telugu|marathi|gujarati|japanese|"
    r"korean|mandarin|cantonese|chinese|vietnamese|thai|indonesian|malay|tagalog|filipino|swahili|"
    r"amharic|yoruba|zulu|afrikaans|latin|welsh|irish|gaelic|catalan|basque|estonian|latvian|lithuanian|"
    r"esperanto|sign\s+language|asl|bsl)"
)
_SPECIES = (
    r"(?:dog|dogs|puppy|pup|cat|cats|kitten|kitty|rabbit|bunny|parrot|budgie|cockatiel|canary|tortoise|turtle|"
    r"ferret|hamster|guinea\s+pig|gerbil|chinchilla|hedgehog|rat|mouse|horse|pony|donkey|goat|chicken|"
    r"hens?|ducks?|goldfish|fish|axolotl|lizard|gecko|iguana|snake|python|corgi|labrador|poodle|beagle|"
    r"terrier|spaniel|retriever|greyhound|dachshund|husky|collie|pug|tabby|pet)"
)
_RELATIONS = (
    r"(?:sister|brother|sibling|mum|mom|mother|mama|dad|father|papa|son|daughter|kid|kids|child|children|"
    r"cousin|aunt|auntie|uncle|niece|nephew|grandmother|grandma|granny|nan|nana|grandfather|grandpa|"
    r"granddad|grandson|granddaughter|wife|husband|partner|spouse|boyfriend|girlfriend|fianc[ée]e?|ex|"
    r"stepmother|stepfather|stepson|stepdaughter|stepmum|stepdad|in-laws?|mother-in-law|father-in-law|"
    r"sister-in-law|brother-in-law|twin|best\s+friend|flatmate|roommate|housemate|godmother|godfather|"
    r"godson|goddaughter|manager|boss|colleague|neighbour|neighbor|dentist|doctor|accountant|landlord)"
)
_OCCUPATION = re.compile(
    r"\b(?:[a-z\-]+(?:er|or|ist|ian|ant|ent|eer|ect|ive|wright|smith|man|woman|person)|nurse|chef|pilot|vet|"
    r"cook|clerk|judge|coach|tutor|maid|guide|barista|baker|butcher|midwife|paramedic|surgeon|doctor|"
    r"lawyer|attorney|architect|analyst|consultant|scientist|researcher|technician|mechanic|"
    r"student|intern|freelancer|founder|ceo|cto|cfo|engineer|developer|programmer|designer|teacher|"
    r"professor|lecturer|firefighter|electrician|plumber|carpenter|accountant|librarian|translator|"
    r"veterinarian|physiotherapist|pharmacist|dentist|journalist|writer|editor|artist|musician)s?\b"
)
_NOT_OCCUPATION = re.compile(
    r"\b(?:member|beginner|supporter|fan|user|lover|owner|customer|creature|person|believer|fanatic|"
    r"nerd|geek|addict|sucker|regular|vegetarian|pescatarian|flexitarian|reader|follower|listener|"
    r"visitor|tourist|subscriber|newcomer|resident|local|native|expert|amateur|learner|speaker|"
    r"morning|night|everything|monster|hater|enthusiast|parent|mother|father|mum|dad|sister|"
    r"brother|twin|bit|lot|dog|cat|fish|moment|minute|month|year|week|winter|summer|other|"
    r"another|better|faster|sober|whatever|pretty|different|independent|patient|client)\b"
)
_DIET = re.compile(
    r"\b(?:vegetarian|vegan|pescatarian|pescetarian|keto|ketogenic|gluten[\s-]free|low[\s-]carb|flexitarian|"
    r"dairy[\s-]free|paleo|plant[\s-]based|lactose[\s-]free|carnivore|sugar[\s-]free|whole30|"
    r"intermittent\s+fasting|diet)\b",
    re.I,
)
_HOT_DRINK = re.compile(
    r"\b(?:coffee|coffees|espresso|espressos|latte|lattes|cappuccino|americano|flat\s+white|cortado|"
    r"macchiato|mocha|cold\s+brew|roast|pour[\s-]?over|filter\s+coffee|tea|teas|matcha|"
    r"chai|rooibos|earl\s+grey|oolong|green\s+tea|herbal\s+tea|decaf)\b",
    re.I,
)
_CUISINE = re.compile(
    r"\b(?:cuisine|cuisines|food|meal|meals|cooking|dishes|restaurants?|takeaway|takeout|"
    r"eat\s+out|eating\s+out)\b",
    re.I,
)
_EDITOR = re.compile(
    r"\b(?:editor|ide|neovim|nvim|vim|emacs|vs\s?code|visual\s+studio(?:\s+code)?|pycharm|intellij|"
    r"webstorm|goland|rider|clion|sublime(?:\s+text)?|xcode|zed|atom|notepad\+\+|eclipse|netbeans|"
    r"cursor|helix|kakoune|nano|android\s+studio|jupyter)\b|"
    r"\b(?:code|coding|program|programming)\s+in\s+[A-Z]",
    re.I,
)
_LANGUAGE_LEARNING = re.compile(
    r"\b(?:learn(?:ing|t|ed)?|study(?:ing)?|studied|lessons?|class(?:es)?|course|classes|conversational|"
    r"fluent|practis(?:e|ing)|practic(?:e|ing)|duolingo|tutor)\b",
    re.I,
)
_REMOTE = re.compile(
    r"\b(?:work(?:ing)?\s+from\s+home|wfh|remote(?:ly)?|home\s+office|in\s+the\s+office|"
    r"into\s+the\s+office|office\s+days?|home\s+on)\b",
    re.I,
)
_HOME_CITY = re.compile(
    r"\b(?:live|living|lived)\s+in\b|\bbased\s+(?:in|out\s+of)\b|\b(?:moved|relocated|relocating|moving)\s+"
    r"(?:to|from)\b|\bhere\s+in\s+[A-Z]|\bhas\s+been\s+home\b|\bnew\s+city\b|\bhome\s+(?:town|city)\b|"
    r"\bhometown\b|\bfrom\s+[A-Z]\w+\s+originally\b",
    re.I,
)
_TRAVEL = re.compile(
    r"\b(?:trip|travel(?:l?ing)?|holiday|vacation|flights?|heading\s+to|visit(?:ing)?|"
    r"booked|getaway|itinerary|rebooked)\b",
    re.I,
)
_HOBBY = re.compile(
    r"\b(?:hobby|hobbies|pastime|free\s+time|spare\s+time|weekends?|unwind(?:ing)?|"
    r"hooked|into|evenings?|my\s+thing)\b",
    re.I,
)

TOPIC_LABELS = {
    "name": "Name",
    "drink:hot": "Usual coffee/tea",
    "food:cuisine": "Favourite cuisine",
    "diet": "Diet",
    "job": "Job",
    "editor": "Code editor",
    "language learning": "Language learning",
    "schedule:remote day": "Work-from-home day",
    "home city": "Home city",
    "procedural:format": "Answer format",
    "procedural:units": "Units",
    "procedural:length": "Answer length",
    "procedural:emoji": "Emoji",
    "procedural:code language": "Code examples",
    "procedural:spelling": "Spelling",
    "procedural:structure": "Answer structure",
    "procedural:clarify": "Ambiguous requests",
    "procedural:tone": "Tone",
    "procedural:reply language": "Reply language",
    "procedural:address": "How to address the user",
}
"""Single-valued slots: a second value for one of these is a change, not a second fact."""

# --------------------------------------------------------------------------- procedural

_STYLE_GROUPS: list[tuple[str, re.Pattern[str]]] = [
    ("procedural:emoji", re.compile(r"\b(?:emoji|emojis|emoticons?|smiley)\b", re.I)),
    (
        "procedural:format",
        re.compile(
            r"\b(?:bullet|bullets|bulleted|bullet[\s-]points?|numbered\s+lists?|"
            r"paragraphs?|markdown|headings?|plain\s+text|prose)\b",
            re.I,
        ),
    ),
    (
        "procedural:units",
        re.compile(
            r"\b(?:metric|imperial|units?|celsius|fahrenheit|kilomet(?:re|er)s?|miles|"
            r"kilograms?|pounds|measurements?)\b",
            re.I,
        ),
    ),
    (
        "procedural:structure",
        re.compile(
            r"\b(?:tl;?\s?dr|tldr|summary\s+(?:line|first|at\s+the\s+top)|"
            r"one[\s-]line\s+summary|gist\s+first|lead\s+with|start\s+(?:every|each)|"
            r"open\s+(?:every|each))\b",
            re.I,
        ),
    ),
    (
        "procedural:clarify",
        re.compile(
            r"\b(?:clarif(?:y|ying|ication)|ask\s+(?:me\s+)?(?:a\s+)?questions?\s+first|"
            r"instead\s+of\s+guessing|rather\s+than\s+assuming)\b",
            re.I,
        ),
    ),
    (
        "procedural:code language",
        re.compile(
            r"\b(?:code|snippets?|examples?|samples?|scripts?|functions?)\b.*\b(?:typescript|javascript|python|rust|"
            r"go|golang|java|kotlin|swift|ruby|php|c\+\+|c#|scala|haskell|elixir|bash|sql|r)\b|"
            r"\b(?:typescript|javascript|python|rust|golang|java|kotlin|swift|ruby|php|scala|haskell|elixir)\b.*"
            r"\b(?:code|snippets?|examples?|samples?)\b",
            re.I,
        ),
    ),
    (
        "procedural:spelling",
        re.compile(
            r"\b(?:spelling|spellings|british|american|uk\s+english|us\s+english|"
            r"oxford\s+comma)\b",
            re.I,
        ),
    ),
    (
        "procedural:length",
        re.compile(
            r"\b(?:short|shorter|brief|briefly|concise|succinct|terse|long|(?<!no\s)longer|"
            r"detailed|lengthy|essays?|wordy|verbose|\w+\s+sentences?\s+max|"
            r"to\s+the\s+point|(?:under|at\s+most|no\s+more\s+than|max(?:imum)?(?:\s+of)?)\s+\w+\s+"
            r"(?:sentences?|words|lines))\b",
            re.I,
        ),
    ),
    (
        "procedural:tone",
        re.compile(
            r"\b(?:formal|informal|casual|friendly|tone|jargon|swear|swearing|"
            r"sarcasm|humou?r|jokes?)\b",
            re.I,
        ),
    ),
    (
        "procedural:reply language",
        re.compile(
            r"\b(?:answer|reply|respond|write|talk|speak)\s+(?:to\s+me\s+)?in\s+" + _LANGUAGES + r"\b", re.I
        ),
    ),
]
_ANSWER_WORDS = re.compile(
    r"\b(?:you|your|yours|answers?|repl(?:y|ies)|respon(?:d|ses?)|messages?|explanations?|format|formatting|"
    r"write|writing|wording|chats?|measurements?|code|examples?|snippets?|samples?|with\s+me)\b",
    re.I,
)
_PERSISTENT = re.compile(
    r"\b(?:always|never|every|each|from\s+now\s+on|going\s+forward|from\s+here\s+on(?:\s+out)?|in\s+future|"
    r"in\s+the\s+future|whenever|any\s+time|default\s+to|stick\s+to|only|rule|prefer|i'?d\s+(?:rather|like|"
    r"prefer)|i\s+want|i\s+like|keep|don'?t|do\s+not|no\b|please|can\s+you|could\s+you|with\s+me|to\s+me|"
    r"for\s+me|before\s+you|when\s+you|if\s+my|instead|rather)\b",
    re.I,
)
_CALL_ME = re.compile(r"\b(?:call|address)\s+me\s+(?P<name>[A-Z][\w'\-]+)", re.UNICODE)

# --------------------------------------------------------------------------- statements

_FIRST_PERSON = re.compile(
    r"\b(?:i|i'm|i’m|im|i've|i’ve|i'd|i’d|i'll|my|me|mine|myself|we|we're|we’re|we've|"
    r"our|ours|us)\b",
    re.I,
)
_HOME_IDIOM = re.compile(r"\b(?i:here\s+in)\s+[A-Z]|\bhas\s+been\s+home\b|\bare\s+my\b")
_DISCOURSE = re.compile(
    r"^(?:(?:oh|ok|okay|so|well|and|also|plus|anyway|anyways|btw|by\s+the\s+way|honestly|actually|"
    r"basically|seriously|fyi|for\s+context|for\s+the\s+record|for\s+reference|heads\s+up|side\s+note|"
    r"random\s+thing(?:,?\s+but)?|fun\s+fact|funny\s+story|big\s+news|good\s+news|news|just\s+so\s+you\s+know|"
    r"quick\s+update|small\s+update|update|correction|quick\s+correction|oh\s+and|and\s+also|but|"
    r"sorry|hey|hi|hello|yeah|yes|right|um|uh|hmm|lol|haha|wait|also\s+fyi|one\s+more\s+thing|"
    r"change\s+of\s+plans?|work[\s-]wise|going\s+forward|from\s+now\s+on|in\s+future|hiya|howdy|"
    r"[\w'\-]+(?:\s+[\w'\-]+){0,4}\s+(?:update|correction|news|note))\s*[,:;!.\-–—]+\s*)+",
    re.I,
)
_QUESTION_START = re.compile(
    r"^(?:what|what's|whats|why|how|when|where|who|which|is|are|am|do|does|did|can|could|would|will|should|"
    r"shall|may|might|any|anyone|isn't|aren't|don't|doesn't)\b",
    re.I,
)
_IMPERATIVE = re.compile(
    r"^(?:please\s+)?(?:tell|give|write|explain|show|help|suggest|recommend|find|make|draft|plan|list|"
    r"summari[sz]e|translate|check|fix|book|order|remind|let|let's|lets|look|search|compare|describe|"
    r"create|generate|calculate|convert|name|pick|choose|define|teach|send|grab|get|put|set|add|read|"
    r"guess|imagine|think|consider|go|come|see|hold|wait|try|take|sign|proofread|walk|format|keep|use|"
    r"call|stop|start|don't|do)\b",
    re.I,
)
_META = re.compile(
    r"\b(?:questions?|wondering|curious|let\s+me\s+think|think\s+about\s+it|i\s+mean|i\s+guess|i\s+think\s+so|"
    r"i\s+see|i\s+know\s+right|thanks|thank\s+you|that'?s\s+all|gotta\s+run|talk\s+soon|nice\s+to\s+meet|"
    r"i\s+have\s+no\s+idea|i'?m\s+not\s+sure|i\s+don'?t\s+know|i\s+can'?t\s+remember|i\s+forgot|"
    r"my\s+bad|i\s+need\s+(?:some\s+)?help|help\s+me|i\s+was\s+just)\b",
    re.I,
)
_HYPOTHETICAL = re.compile(
    r"^(?:if|suppose|imagine|what\s+if|assuming|hypothetically)\b|\b(?:i\s+wish|i\s+might|maybe\s+i'?ll|"
    r"i\s+may|i'?d\s+love\s+to|i\s+would\s+love\s+to|someday|one\s+day\s+i)\b",
    re.I,
)
_PREFERENCE_IF = re.compile(
    r"^if\s+(?:you|i)\b[^,]*\b(?:order|pick|choose|get|buy|make|ask|had\s+to)\b[^,]*,", re.I
)
_DURABLE = re.compile(
    r"\b(?:always|usually|normally|typically|generally|every|each|never|whenever|most\s+(?:days|evenings|"
    r"mornings|weekends|nights)|love|loves|like|likes|enjoy|enjoys|prefer|prefers|hate|hates|adore|"
    r"can'?t\s+stand|favou?rite|obsessed|into|fan\s+of|hooked|habit|routine|run\s+on|live|living|based|"
    r"work|working|works|job|profession|career|study|studying|learning|learn|speak|use|using|drink|"
    r"drinking|eat|eating|cook|cooking|play|playing|practi[cs]e|train|training|have\s+an?|got\s+an?|"
    r"own|adopted|named|called|name|moved|switched|started|stopped|quit|joined|signed\s+up|picked\s+up|"
    r"booked|planning|plan|heading|going\s+to|saving\s+up|thinking\s+of|applying|allergic|"
    r"years|lately|these\s+days|nowadays|now|since|for\s+a\s+while|anymore|no\s+longer|weekends?|"
    r"evenings|mornings|unwind|unwinding|thing|way\s+of|my\s+\w+\s+is|is\s+my|are\s+my|me\s+going|"
    r"creature\s+of|person|home|all\s+about|crave|replaced|instead|hobby|hobbies|pastime|passion|"
    r"(?:i'm|i\s+am|being)\s+an?)\b",
    re.I,
)
_PROPER_NOUN = re.compile(r"(?<!^)(?<![.!?]\s)\b(?!I\b|I'm\b|I've\b|I'd\b|I'll\b)[A-Z][\w'’\-]+")

# --------------------------------------------------------------------------- updates

_UPDATE_CUE = re.compile(
    r"\b(?:actually|these\s+days|nowadays|switch(?:ed|ing)?|no\s+longer|not\s+\w+(?:\s+\w+)?\s+any\s?more|"
    r"any\s?more|from\s+now\s+on|stopped|quit|gave\s+up|given\s+up|instead(?:\s+of)?|changed|change\s+of|"
    r"update|updated|correction|used\s+to|replaced|rebooked|dropped|went\s+off|gone\s+off|moved|"
    r"relocated|is\s+now|are\s+now|'s\s+now|now\s+(?:a|an|working|learning|living|based|drinking|eating|"
    r"doing|into|using)|now[.!]?$|new\s+(?:city|job|schedule|editor|favourite|diet|hobby)|"
    r"not\s+[A-Z]\w+|rather\s+than|paused|cancelled|canceled|over\s+it|kind\s+of\s+over|sort\s+of\s+over|"
    r"chapter\s+is\s+over|no\s+more|scratch)\b",
    re.I,
)
_OLD_CLAUSE = re.compile(
    r"\b(?:no\s+longer|not\b|n't|anymore|any\s+more|stopped|quit|gave\s+up|given\s+up|dropped|paused|"
    r"went\s+off|gone\s+off|cancel(?:l)?ed|left|used\s+to|was\s+too|didn'?t\s+work|is\s+over|was\s+over|"
    r"scratch|no\s+more|(?:'m|am|i'm)\s+(?:kind\s+of\s+|sort\s+of\s+|so\s+|totally\s+|completely\s+)?over)\b",
    re.I,
)
_OLD_INLINE = [
    (re.compile(r"\bfrom\s+(?P<old>[^,;.]+?)\s+to\b", re.I), "to"),
    (re.compile(r",?\s*\binstead\s+of\s+(?P<old>[^,;.]+)", re.I), ""),
    (re.compile(r",?\s*\brather\s+than\s+(?P<old>[^,;.]+)", re.I), ""),
    (re.compile(r",\s*not\s+(?P<old>(?:an?\s+|the\s+)?[\w'\-]+(?:\s+[\w'\-]+)?)\s*(?=[,;.!]|$)", re.I), ""),
    (re.compile(r"\breplaced\s+(?P<old>[^,;.]+?)(?=\s+as\b|[,;.!]|$)", re.I), "replaced the previous one"),
]
_CLAUSE_SPLIT = re.compile(
    r"\s*;\s*|,\s+(?=(?:but\s+|so\s+)?(?:i\b|scratch\b|forget\b|i'm|i've|we\b|we're|it'?s\b|it\s+is|my\b|the\b|that\b|"
    r"[A-Z]\w+\s+(?:is|was|has|are)\b))|\s+but\s+|,?\s+and\s+(?=i\b|i'm|i've|started|"
    r"picked|moved|switched)",
    re.I,
)


# --------------------------------------------------------------------------- third-person rewrite

_IRREGULAR_PAST = set(
    [
        "went",
        "got",
        "quit",
        "gave",
        "took",
        "made",
        "left",
        "began",
        "became",
        "bought",
        "did",
        "had",
        "felt",
        "found",
        "kept",
        "knew",
        "met",
        "paid",
        "ran",
        "said",
        "saw",
        "sold",
        "spent",
        "thought",
        "told",
        "wrote",
        "put",
        "set",
        "cut",
        "read",
        "let",
        "hit",
        "lost",
        "won",
        "drove",
        "ate",
        "drank",
        "flew",
        "grew",
        "swam",
        "sang",
        "spoke",
        "broke",
        "chose",
        "forgot",
        "fell",
        "rode",
        "woke",
        "wore",
        "shook",
        "stood",
        "sat",
        "slept",
        "brought",
        "caught",
        "taught",
        "fought",
        "sought",
        "heard",
        "held",
        "led",
        "lent",
        "meant",
        "built",
        "sent",
        "dug",
        "stuck",
        "understood",
        "hung",
        "gone",
        "been",
        "done",
        "seen",
        "taken",
        "given",
        "begun",
    ]
)
_MODALS = set(
    [
        "can",
        "could",
        "will",
        "would",
        "should",
        "may",
        "might",
        "must",
        "shall",
        "can't",
        "won't",
        "couldn't",
        "wouldn't",
        "shouldn't",
        "didn't",
        "wasn't",
    ]
)
_ADVERBS = set(
    [
        "always",
        "usually",
        "normally",
        "typically",
        "generally",
        "never",
        "basically",
        "really",
        "just",
        "also",
        "still",
        "only",
        "often",
        "mostly",
        "finally",
        "recently",
        "actually",
        "honestly",
        "absolutely",
        "totally",
        "definitely",
        "even",
        "sometimes",
        "rarely",
        "seldom",
        "already",
        "literally",
        "genuinely",
        "truly",
        "secretly",
        "quietly",
        "currently",
        "mainly",
        "primarily",
        "occasionally",
        "regularly",
        "constantly",
        "kind",
        "sort",
        "pretty",
        "no",
        "longer",
    ]
)
_THIRD = {
    "am": "is",
    "have": "has",
    "do": "does",
    "go": "goes",
    "don't": "doesn't",
    "haven't": "hasn't",
    "was": "was",
    "'m": "is",
    "are": "is",
}


def _conjugate(verb: str) -> str:
    low = verb.lower()
    if low in _THIRD:
        return _THIRD[low]
    if low in _MODALS or low in _IRREGULAR_PAST or low.endswith("ed") or not low.isalpha():
        return verb
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


def _third_person(text: str) -> str:
    """ "I work as a nurse" → "The user works as a nurse"; "my dog Rex" → "the user's dog Rex"."""
    t = text.replace("’", "'")
    t = re.sub(r"\b(?:i'm|i am|im)\b", "the user is", t, flags=re.I)
    t = re.sub(r"\bi've\b", "the user has", t, flags=re.I)
    t = re.sub(r"\bi'd\b", "the user would", t, flags=re.I)
    t = re.sub(r"\bi'll\b", "the user will", t, flags=re.I)
    t = re.sub(r"\bwe're\b", "the user and family are", t, flags=re.I)
    t = re.sub(r"\bwe've\b", "the user and family have", t, flags=re.I)
    t = re.sub(r"\bwe\b", "the user and family", t, flags=re.I)
    t = re.sub(r"\bour\b", "their", t, flags=re.I)
    t = re.sub(r"\bours\b", "theirs", t, flags=re.I)
    t = re.sub(r"\bus\b", "them", t)
    t = re.sub(r"\bmyself\b", "themselves", t, flags=re.I)
    t = re.sub(r"\bmine\b", "the user's", t, flags=re.I)
    t = re.sub(r"\bmy\b", "the user's", t, flags=re.I)
    t = re.sub(r"\bme\b", "the user", t, flags=re.I)

    def subj(m: re.Match[str]) -> str:
        words = m.group("rest").split(" ")
        out = []
        for i, w in enumerate(words):
            core = re.sub(r"[^\w']+$", "", w)
            tail = w[len(core) :]
            if core.lower() in _ADVERBS and i < len(words) - 1:
                out.append(w)
                continue
            out.append(_conjugate(core) + tail)
            out.extend(words[i + 1 :])
            break
        return "the user " + " ".join(out)

    t = re.sub(r"\bI\b (?P<rest>\S+(?: \S+){0,3})", subj, t)
    t = re.sub(r"\bI\b", "the user", t)
    t = t.strip()
    return t[:1].upper() + t[1:] if t else t


def _finish(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip(" ,;:-–—")
    text = re.sub(r"\s+([,;.!?])", r"\1", text)
    if text and text[-1] not in ".!?":
        text += "."
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- classification helpers

_LEADING_CONJUNCTION = re.compile(r"^(?:(?:and|but|also|plus|so|oh|anyway)\s+)+(?=\w)", re.I)
_ING_NOUNS = set(
    [
        "nothing",
        "something",
        "anything",
        "everything",
        "morning",
        "evening",
        "spring",
        "king",
        "thing",
        "ring",
        "wing",
        "string",
        "ceiling",
        "wedding",
        "building",
        "meeting",
        "clothing",
        "pudding",
        "darling",
        "sibling",
        "feeling",
        "during",
    ]
)


def _strip_discourse(sentence: str) -> tuple[str, str]:
    """The sentence without its leading discourse markers, and the markers themselves."""
    markers = ""
    s = sentence.strip()
    while True:
        m = _DISCOURSE.match(s) or _LEADING_CONJUNCTION.match(s)
        if not m or not m.group(0):
            break
        markers += m.group(0)
        s = s[m.end() :].strip()
    first = re.match(r"^([A-Za-z]+ing)\b(?!\s+(?:is|was|has|are|were|makes|keeps|gets|takes)\b|'s)", s)
    if first and first.group(1).lower() not in _ING_NOUNS and not _IMPERATIVE.match(s):
        s = "I'm " + s[:1].lower() + s[1:]
    return s, markers


def _is_question(sentence: str) -> bool:
    s = sentence.strip()
    return s.endswith("?") or bool(
        _QUESTION_START.match(s)
        and not s.endswith((".", "!"))
        and not re.match(r"^(?:is|are)\s+my\b", s, re.I)
    )


def _name_of(sentence: str) -> str | None:
    m = re.search(r"\bmy\s+name(?:'s|\s+is)\s+(?P<n>[A-Z][\w'\-]+)", sentence)
    if not m:
        m = re.search(
            r"(?:^|[:,!]\s*|\b(?:hi|hello|hey)\b,?\s*)(?:I'm|I’m|I\s+am)\s+(?P<n>[A-Z][a-z][\w'\-]*)"
            r"(?=\s*(?:[,.!]|$|here\b|and\s+I\b|by\s+the\s+way))",
            sentence,
        )
    if not m:
        m = re.search(
            r"^(?:(?i:hey|hi|hiya|hello|howdy|greetings|yo)(?:\s+there)?[,!\s]+)?(?:it'?s\s+|this\s+is\s+)?"
            r"(?P<n>[A-Z][a-z][\w'\-]*)\s+here\b",
            sentence,
        )
    if not m:
        m = re.search(r"\b(?:you\s+can\s+)?call\s+me\s+(?P<n>[A-Z][\w'\-]+)", sentence)
    if not m:
        return None
    name = m.group("n")
    if (
        re.fullmatch(_LANGUAGES, name, re.I)
        or _DIET.fullmatch(name)
        or name.lower()
        in {
            "back",
            "home",
            "here",
            "fine",
            "good",
            "done",
            "sure",
            "sorry",
            "just",
            "not",
            "so",
            "also",
            "still",
            "plus",
            "and",
            "but",
            "anyway",
            "oh",
            "well",
            "now",
            "then",
            "today",
            "everyone",
            "everybody",
        }
    ):
        return None
    return name


_NP_END = set(
    [
        "at",
        "in",
        "for",
        "by",
        "with",
        "and",
        "who",
        "which",
        "that",
        "keeps",
        "keep",
        "is",
        "was",
        "so",
        "from",
        "on",
        "of",
        "to",
        "but",
        "or",
        "since",
        "because",
        "now",
        "these",
    ]
)


def _topic_of(text: str, is_update: bool) -> str | None:
    """The single-valued slot a statement fills, if any (see TOPIC_LABELS)."""
    if _name_of(text) and len(text.split()) <= 12:
        return "name"
    if _DIET.search(text):
        return "diet"
    if _CUISINE.search(text) and re.search(
        r"\b(?:favou?rite|obsessed|crave|craving|nothing\s+beats|go-to|"
        r"every\s+day|could\s+eat|push\s+for|all\s+about|love|pick)\b",
        text,
        re.I,
    ):
        return "food:cuisine"
    if _HOT_DRINK.search(text):
        return "drink:hot"
    if _EDITOR.search(text):
        return "editor"
    if re.search(r"\b" + _LANGUAGES + r"\b", text, re.I) and _LANGUAGE_LEARNING.search(text):
        return "language learning"
    if _REMOTE.search(text) or (
        re.search(r"\b" + _WEEKDAYS + r"\b", text, re.I)
        and re.search(r"\b(?:home|office|remote)\b", text, re.I)
    ):
        return "schedule:remote day"
    if re.search(
        r"\b(?:work(?:ing)?\s+as|my\s+(?:day\s+)?job|by\s+profession|for\s+a\s+living|career|"
        r"changed\s+careers|switched\s+jobs|new\s+job)\b",
        text,
        re.I,
    ):
        return "job"
    m = re.search(
        r"\b(?:i'?m|i\s+am|i'?ve\s+been|being|now)\s+(?:now\s+)?an?\s+(?P<np>(?:[\w\-]+\s+){0,3}[\w\-]+)",
        text,
        re.I,
    )
    if m:
        words = []
        for w in m.group("np").split():
            if w.lower() in _NP_END:
                break
            words.append(w.strip(",.;:!").lower())
            if w[-1:] in ",.;:!":
                break
        if words and _OCCUPATION.fullmatch(words[-1]) and not _NOT_OCCUPATION.search(" ".join(words)):
            return "job"
    if _HOME_CITY.search(text) and not _TRAVEL.search(text):
        return "home city"
    return None


def _procedural_topic(text: str) -> str | None:
    if _CALL_ME.search(text):
        return "procedural:address"
    for topic, pattern in _STYLE_GROUPS:
        if pattern.search(text):
            return topic
    return None


_STRONG_STYLE = {
    "procedural:format",
    "procedural:emoji",
    "procedural:structure",
    "procedural:clarify",
    "procedural:units",
    "procedural:code language",
    "procedural:spelling",
    "procedural:reply language",
}
"""Style slots whose words are about answers by themselves ("emojis", "TL;DR"); the others
("short", "lists", "casual") also need a word about answers or code in the sentence."""


def _is_procedural(sentence: str) -> str | None:
    """The procedural topic of an instruction about how to answer, or None."""
    text = sentence
    topic = _procedural_topic(text)
    if topic is None:
        return None
    if _CALL_ME.search(text):
        return (
            topic
            if re.search(r"\b(?:please|always|from\s+now\s+on|going\s+forward|prefer|rather)\b", text, re.I)
            else None
        )
    if topic not in _STRONG_STYLE and not _ANSWER_WORDS.search(text):
        return None
    if re.match(r"^(?:i|i'm|i've|we|my)\b", text, re.I) and not re.match(
        r"^i\s*(?:'d|would|do\s+not|don'?t|only|really|just|much|also)?\s*(?:prefer|like|want|need|rather|love|"
        r"hate|can'?t\s+stand|think\s+in|read|skim)\b",
        text,
        re.I,
    ):
        return None
    if not _PERSISTENT.search(text):
        return None
    if _is_question(text) and not re.match(r"^(?:can|could|would|will)\s+you\b", text, re.I):
        return None
    if re.match(r"^(?:can|could|would|will)\s+you\b", text, re.I) and not re.search(
        r"\b(?:always|never|from\s+now\s+on|going\s+forward|every|each|any|all|stick|keep|drop|stop|"
        r"default|use|format|write|answer|reply|respond)\b",
        text,
        re.I,
    ):
        return None
    return topic


def _procedural_content(sentence: str) -> str:
    s, _ = _strip_discourse(sentence)
    s = re.sub(
        r"^(?:quick\s+)?rule(?:\s+of\s+thumb)?(?:\s+for\s+(?:you|our\s+chats))?\s*[:,]\s*", "", s, flags=re.I
    )
    s = re.sub(r"^(?:can|could|would|will)\s+you\s+(?:please\s+)?", "", s, flags=re.I)
    s = re.sub(r"\?$", ".", s)
    s = _third_person(s)
    return _finish("Answer preference: " + s[:1].lower() + s[1:] if not s.startswith("The user") else s)


@dataclass
class _Statement:
    content: str
    topic: str | None
    is_update: bool
    old_words: set[str] = field(default_factory=set)
    importance: float = IMPORTANCE_PROFILE
    old_text: str = ""


def _update_parts(text: str) -> tuple[str, set[str], str]:
    """An update sentence without its old-value clauses, the old value's words, and its text."""
    old: set[str] = set()
    old_text: list[str] = []
    for pattern, repl in _OLD_INLINE:
        for m in pattern.finditer(text):
            old |= content_words(m.group("old"))
            old_text.append(m.group("old"))
        text = pattern.sub(repl, text)
    kept = []
    for clause in _CLAUSE_SPLIT.split(text):
        if not clause or not clause.strip():
            continue
        if _OLD_CLAUSE.search(clause) and not re.search(
            r"\b(?:now|instead|switched\s+to|moved\s+to)\b", clause, re.I
        ):
            old |= content_words(clause)
            old_text.append(clause)
        else:
            kept.append(clause.strip())
    return ", ".join(kept), old, " ; ".join(old_text)


def _worth_keeping(core: str, has_context: bool) -> bool:
    if len(content_words(core)) == 0:
        return False
    if not (_FIRST_PERSON.search(core) or _HOME_IDIOM.search(core) or has_context):
        return False
    if _META.search(core) or _HYPOTHETICAL.search(core) and not _PREFERENCE_IF.search(core):
        return False
    if _IMPERATIVE.match(core) and not re.match(r"^(?:call\s+me|keep\s+in\s+mind)\b", core, re.I):
        return False
    return bool(
        _DURABLE.search(core)
        or _PROPER_NOUN.search(core)
        or _topic_of(core, False)
        or re.search(r"\b" + _RELATIONS + r"\b|\b" + _SPECIES + r"\b", core, re.I)
    )


_OTHER_SUBJECT = re.compile(
    r"^(?:(?:my|our)\s+(?:[\w\-]+\s+){0,2}" + _RELATIONS + r"(?:'s)?\b(?!\s+is\s+(?:called|named))|"
    r"[A-Z][\w'\-]+\s*(?:,\s*|\(\s*)(?:that's\s+|who's\s+)?(?:my|our)\s+(?:[\w\-]+\s+){0,2}"
    + _RELATIONS
    + r"\b)",
    re.I,
)
"""A statement whose subject is one of the user's people ("My sister Ana just started a new
job"): kept as a fact about the relation, never as a change of the user's own slots."""


def _statement(sentence: str, pending_old: set[str], prefix_hint: str) -> _Statement | None:
    name = _name_of(sentence)
    if name and len(sentence.split()) <= 14:
        return _Statement(f"The user's name is {name}.", "name", False, importance=IMPORTANCE_PROFILE)
    core, markers = _strip_discourse(sentence)
    if not core or _is_question(core):
        return None
    hint = markers + " " + prefix_hint
    if _OTHER_SUBJECT.match(core):
        if not _worth_keeping(core, has_context=False):
            return None
        return _Statement(_finish(_third_person(core)), None, False, importance=IMPORTANCE_PROFILE)
    is_update = bool(_UPDATE_CUE.search(core) or _UPDATE_CUE.search(hint)) or bool(pending_old)
    old: set[str] = set(pending_old)
    old_text = prefix_hint
    body = core
    if is_update:
        body, found, found_text = _update_parts(core)
        old |= found
        old_text = (old_text + " ; " + found_text).strip(" ;")
        if not body:
            return _Statement(
                content="", topic=_topic_of(core, True), is_update=True, old_words=old, old_text=old_text
            )
    if not _worth_keeping(body, has_context=is_update and bool(old or markers)) and not (
        is_update and _topic_of(core + " " + hint, True)
    ):
        return None
    topic = _topic_of(body, is_update) or (_topic_of(core + " " + hint, is_update) if is_update else None)
    content = _third_person(body)
    if is_update and topic in TOPIC_LABELS and not _topic_of(body, False):
        content = f"{TOPIC_LABELS[topic]} (updated): {content[:1].lower() + content[1:]}"
    importance = IMPORTANCE_PROFILE if (topic or _PROPER_NOUN.search(body)) else IMPORTANCE_INCIDENTAL
    return _Statement(_finish(content), topic, is_update, old, importance, old_text)


_OLD_NOISE = set(
    [
        "gone",
        "go",
        "went",
        "off",
        "stopped",
        "stop",
        "quit",
        "gave",
        "give",
        "given",
        "up",
        "dropped",
        "drop",
        "paused",
        "pause",
        "longer",
        "anymore",
        "used",
        "use",
        "using",
        "left",
        "leave",
        "cancelled",
        "canceled",
        "over",
        "scratch",
        "kind",
        "sort",
        "actually",
        "switched",
        "switch",
        "moved",
        "move",
        "relocated",
        "replaced",
        "chapter",
        "didn",
        "didnt",
        "work",
        "out",
        "doing",
        "do",
        "did",
        "too",
        "done",
        "more",
        "completely",
        "totally",
        "really",
        "honestly",
        "anymore",
        "say",
        "said",
        "now",
        "new",
        "old",
    ]
)


def _replaced_ids(
    old_text: str, old_words: set[str], topic: str | None, kind: Kind, existing: list[MemoryItem]
) -> list[str]:
    """The existing memory an update contradicts: the one that best states the old value.

    Capitalised words of the old value weigh more (names, places, products); a memory whose
    slot differs from the update's is never the target."""
    words = old_words - _OLD_NOISE
    if not words:
        return []
    proper = content_words(" ".join(re.findall(r"\b(?!I\b)[A-Z][\w'\-]*", old_text))) & words
    best: tuple[float, int, str] | None = None
    for m in existing:
        if m.kind != kind:
            continue
        m_topic = getattr(m, "topic", None)
        if topic and m_topic and m_topic != topic:
            continue
        overlap = words & content_words(m.content)
        if not overlap:
            continue
        score = sum(3.0 if w in proper else 1.0 for w in overlap) + (
            2.0 if topic and m_topic == topic else 0.0
        )
        if best is None or (score, m.updated_at) > best[:2]:
            best = (score, m.updated_at, m.memory_id)
    return [best[2]] if best else []


def _is_weak(clause: str) -> bool:
    """A clause that only makes sense with the previous one ("I spend most weekends on it",
    "I'm hooked"): no name, no slot, no person or pet, just a pronoun or a word or two."""
    core, _ = _strip_discourse(clause)
    if (
        _PROPER_NOUN.search(core)
        or _topic_of(core, False)
        or re.search(r"\b" + _RELATIONS + r"\b|\b" + _SPECIES + r"\b", core, re.I)
    ):
        return False
    words = content_words(core) - {"user", "im", "ive"}
    if re.match(r"^(?:it|that|this|they|those)(?:'s|\s+is|\s+was|'ll)\b", core, re.I):
        return True
    object_pronoun = re.search(r"\b(?:it|them|this|that)\b(?!'s|\s+is\b|\s+was\b)", core, re.I)
    first_person_subject = re.match(r"^(?:i|i'm|i've|we|we're)\b", core, re.I)
    return (bool(object_pronoun) and len(words) <= 3) or (bool(first_person_subject) and len(words) <= 1)


def _continues_instruction(sentence: str) -> bool:
    """A short remark right after an instruction that explains it ("Paragraphs lose me.")."""
    core, _ = _strip_discourse(sentence)
    return (
        len(core.split()) <= 8
        and not _is_question(core)
        and _topic_of(core, False) is None
        and not _PROPER_NOUN.search(core)
        and parse_command(core) is None
    )


def _split_clauses(sentence: str) -> list[str]:
    """One sentence that joins two statements ("… , and I signed up for …") becomes two."""
    parts = re.split(
        r"(?:,|;)?\s+(?:and|plus|also)\s+(?=(?:I|I'm|I've|my|My|we|We)\b)|;\s+(?=(?:I|I'm|I've|"
        r"my|My)\b)",
        sentence,
    )
    return [p.strip() for p in parts if p and p.strip()]


def remember_candidate(command: Command, message_ids: list[str]) -> Candidate:
    """The memory an explicit "remember that …" stores, in the same words the extractor would
    use later for that message (so the later extraction reinforces it instead of copying it)."""
    return Candidate(
        kind=Kind.USER_PROFILE,
        content=_finish(_third_person(command.content)),
        message_ids=list(message_ids),
        topic=_topic_of(command.content, False),
        importance=IMPORTANCE_REMEMBER,
    )


class RulesExtractor:
    """Extractor port, by rules. See the module docstring."""

    name = "memstore-rules"

    def extract(
        self,
        messages: list[Message],
        context: list[Message],
        existing: list[MemoryItem],
        options: StoreOptions,
    ) -> Extraction:
        memories: list[Candidate] = []
        forget: list[str] = []
        for msg in messages:
            if msg.role != "user" or not msg.content.strip():
                continue
            self._one_message(msg, existing, options, memories, forget)
        if forget:
            memories = [c for c in memories if not any(mentions(c.content, p) for p in forget)]
        facts = [c for c in memories if c.kind == Kind.USER_PROFILE]
        if options.chat_summary_enabled:
            summary = self._summary(facts, options)
            if summary is not None:
                memories.append(summary)
        if not options.user_profile_enabled:
            memories = [c for c in memories if c.kind != Kind.USER_PROFILE]
        return Extraction(memories=memories, forget=forget)

    def _one_message(
        self,
        msg: Message,
        existing: list[MemoryItem],
        options: StoreOptions,
        memories: list[Candidate],
        forget: list[str],
    ) -> None:
        sentences = split_sentences(msg.content.strip())
        pending_old: set[str] = set()
        prefix_hint = ""
        last_procedural: int | None = None
        categories = excluded_categories(options.user_profile_details)
        for sentence in sentences:
            safe_parts: list[str] | None = None
            if is_sensitive(sentence, categories):
                last_procedural, pending_old, prefix_hint = None, set(), ""
                safe_parts = [c for c in _split_clauses(sentence) if not is_sensitive(c, categories)]
                if not safe_parts or len(safe_parts) == len(_split_clauses(sentence)):
                    continue
            cmd = parse_command(sentence) if safe_parts is None else None
            if cmd is not None:
                if cmd.action == "forget":
                    forget.append(cmd.content)
                else:
                    memories.append(remember_candidate(cmd, [msg.id]))
                continue
            if options.procedural_memory_enabled and safe_parts is None:
                ptopic = _is_procedural(_strip_discourse(sentence)[0])
                follows_instruction = last_procedural is not None and last_procedural == len(memories) - 1
                if ptopic is not None and follows_instruction and re.match(r"^I\b", sentence):
                    ptopic = None
                if ptopic is not None:
                    memories.append(
                        Candidate(
                            kind=Kind.PROCEDURAL,
                            content=_procedural_content(sentence),
                            message_ids=[msg.id],
                            topic=ptopic,
                            is_update=bool(
                                re.search(r"\b(?:actually|instead|anymore|no\s+longer)\b", sentence, re.I)
                            ),
                            importance=IMPORTANCE_PROCEDURAL,
                        )
                    )
                    last_procedural = len(memories) - 1
                    continue
                if (
                    last_procedural is not None
                    and last_procedural == len(memories) - 1
                    and _continues_instruction(sentence)
                ):
                    prev = memories[last_procedural]
                    memories[last_procedural] = prev.model_copy(
                        update={"content": _finish(prev.content + " " + _third_person(sentence))}
                    )
                    continue
            last_procedural = None
            if safe_parts is not None:
                clauses = safe_parts
            elif _UPDATE_CUE.search(sentence):
                clauses = [sentence]
            else:
                clauses = _split_clauses(sentence)
            clauses = [
                part
                for clause in clauses
                for part in (
                    [clause]
                    if _statement(clause, pending_old, prefix_hint) is not None
                    else re.split(r",\s+(?=(?:I|I'm|I've|I'd|my|My)\b)", clause)
                )
            ]
            for clause in clauses:
                st = _statement(clause, pending_old, prefix_hint)
                if st is None:
                    continue
                if not st.content:
                    pending_old = st.old_words
                    prefix_hint = clause
                    continue
                pending_old, prefix_hint = set(), ""
                if not st.is_update and _is_weak(clause):
                    prev = (
                        memories[-1]
                        if memories
                        and memories[-1].message_ids == [msg.id]
                        and memories[-1].kind == Kind.USER_PROFILE
                        else None
                    )
                    if prev is not None:
                        memories[-1] = prev.model_copy(
                            update={
                                "content": _finish(
                                    prev.content.rstrip(".") + "; " + st.content[:1].lower() + st.content[1:]
                                )
                            }
                        )
                    continue
                replaces = (
                    _replaced_ids(st.old_text, st.old_words, st.topic, Kind.USER_PROFILE, existing)
                    if st.is_update
                    else []
                )
                memories.append(
                    Candidate(
                        kind=Kind.USER_PROFILE,
                        content=st.content,
                        message_ids=[msg.id],
                        topic=st.topic,
                        is_update=st.is_update and bool(st.topic or replaces),
                        replaces=replaces,
                        importance=st.importance,
                    )
                )

    @staticmethod
    def _summary(facts: list[Candidate], options: StoreOptions) -> Candidate | None:
        """A summary built from the session's screened facts, never from its raw text."""
        kept = screen(facts, options)
        if len(kept) < MIN_FACTS_FOR_SUMMARY:
            return None
        ids = sorted({i for c in kept for i in c.message_ids})
        return Candidate(
            kind=Kind.CHAT_SUMMARY,
            content=" ".join(c.content for c in kept),
            message_ids=ids,
            importance=IMPORTANCE_SUMMARY,
        )
