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
    r"granddad|grandad|gran|grandson|granddaughter|wife|husband|partner|spouse|boyfriend|girlfriend|fianc[ée]e?|ex|"
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
    "procedural:dates": "Date format",
    "procedural:plain language": "Plain language",
    "procedural:citations": "Sources and citations",
    "procedural:pros and cons": "Pros and cons",
}
"""Single-valued slots: a second value for one of these is a change, not a second fact."""

# --------------------------------------------------------------------------- procedural

_STYLE_GROUPS: list[tuple[str, re.Pattern[str]]] = [
    ("procedural:emoji", re.compile(r"\b(?:emoji|emojis|emoticons?|smiley)\b", re.I)),
    (
        "procedural:dates",
        re.compile(
            r"\b(?:iso[\s-]?8601|iso\s+(?:format|dates?|style)|yyyy-mm-dd|dd[/.-]mm[/.-]yy(?:yy)?|"
            r"mm[/.-]dd[/.-]yy(?:yy)?|year-month-day|day-month-year|month-day-year|date\s+format|"
            r"(?:format|write|give|use)\s+(?:every\s+|all\s+|the\s+)?dates?|dates?\s+(?:in|as)\b)",
            re.I,
        ),
    ),
    (
        "procedural:citations",
        re.compile(
            r"\b(?:cite|citing|citations?|footnotes?|(?:include|add|give|attach|list|with|without)\s+(?:\w+\s+)?"
            r"(?:sources?|references?|links?)|sources?\s+attached|where\s+it\s+comes\s+from)\b",
            re.I,
        ),
    ),
    (
        "procedural:pros and cons",
        re.compile(
            r"\b(?:pros\s+and\s+cons|pros\s*/\s*cons|trade-?offs?|upsides?\s+and\s+downsides?|"
            r"advantages\s+and\s+disadvantages|both\s+sides)\b",
            re.I,
        ),
    ),
    (
        "procedural:format",
        re.compile(
            r"\b(?:bullet|bullets|bulleted|bullet[\s-]points?|numbered\s+(?:lists?|steps?)|step[\s-]by[\s-]step|"
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
            r"(?:sentences?|words|lines)|\w+\s+(?:words?|sentences?|lines?)\s+or\s+(?:fewer|less)|"
            r"\w+[\s-](?:word|sentence|line)\s+(?:limit|max(?:imum)?|cap)|word\s+(?:limit|count)|"
            r"cap\s+(?:them|it|answers|replies|responses))\b",
            re.I,
        ),
    ),
    (
        "procedural:plain language",
        re.compile(
            r"\b(?:jargon|plain\s+(?:language|english|words)|layman'?s?|laymen|simple\s+terms|"
            r"keep\s+it\s+simple|technical\s+terms|specialist\s+(?:speak|terms|language))\b",
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
            r"\b(?:answer|reply|respond|write|talk|speak)\s+(?:to\s+me\s+|me\s+|back\s+)?in\s+"
            + _LANGUAGES
            + r"\b|"
            r"\b" + _LANGUAGES + r"\s+(?:replies|answers|responses|only)\b|"
            r"\b(?:replies|answers|responses)\s+(?:only\s+)?in\s+" + _LANGUAGES + r"\b",
            re.I,
        ),
    ),
]
_ANSWER_WORDS = re.compile(
    r"\b(?:you|your|yours|answers?|repl(?:y|ies)|respon(?:d|ses?)|messages?|explanations?|format|formatting|"
    r"write|writing|wording|chats?|measurements?|code|examples?|snippets?|samples?|with\s+me|explain|"
    r"explaining|talk\s+to\s+me|to\s+me|recommend(?:ing|ation)?s?|suggest(?:ing|ions?)?|claims?|factual|"
    r"how-?tos?|dates?)\b",
    re.I,
)
_PERSISTENT = re.compile(
    r"\b(?:always|never|every|each|from\s+now\s+on|going\s+forward|from\s+here\s+on(?:\s+out)?|in\s+future|"
    r"in\s+the\s+future|whenever|any\s+time|default\s+to|stick\s+to|only|rule|prefer|i'?d\s+(?:rather|like|"
    r"prefer)|i\s+want|i\s+like|keep|don'?t|do\s+not|no\b|please|can\s+you|could\s+you|with\s+me|to\s+me|"
    r"for\s+me|before\s+you|when\s+you|if\s+my|instead|rather|default|cap|limit|nothing|"
    r"before\s+\w+ing\s+anything|when(?:ever)?\s+i\s+ask|only|pls|plz)\b",
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
    r"change\s+of\s+plans?|work[\s-]wise|going\s+forward|random\s+aside|aside|unrelated(?:,?\s+but)?|"
    r"before\s+i\s+forget|while\s+i\s+remember|while\s+i\s+think\s+of\s+it|anyhow|ps|p\.s\.|random|"
    r"random,?\s+but|quick\s+one|quick\s+question|from\s+now\s+on|in\s+future|hiya|howdy|"
    r"(?:don'?t|do\s+not)\s+laugh(?:,?\s+but)?|guess\s+what|believe\s+it\s+or\s+not|brace\s+yourself|"
    r"[\w'\-]+(?:\s+[\w'\-]+){0,4}\s+(?:update|correction|news|note))\s*[,:;!.\-–—]+\s*)+",
    re.I,
)
_QUESTION_START = re.compile(
    r"^(?:what|what's|whats|why|how|when|where|who|which|is|are|am|do|does|did|can|could|would|will|should|"
    r"shall|may|might|any|anyone|isn't|aren't|don't|doesn't)\b",
    re.I,
)
_IMPERATIVE = re.compile(
    r"^(?:(?:please|kindly|pls|plz)\s+)?(?:tell|give|write|explain|show|help|suggest|recommend|find|make|draft|plan|list|"
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
    r"my\s+bad|i\s+need\s+(?:some\s+)?help|help\s+me|i\s+was\s+just|i\s+meant|typo|bye|for\s+now)\b",
    re.I,
)
_HYPOTHETICAL = re.compile(
    r"^(?:if|suppose|imagine|what\s+if|assuming|hypothetically)\b|\b(?:i\s+wish|i\s+might|maybe\s+i'?ll|"
    r"i\s+may|i'?d\s+love\s+to|i\s+would\s+love\s+to|someday|one\s+day\s+i)\b",
    re.I,
)
_ASPIRATION = re.compile(
    r"^(?i:some\s*day|one\s+day)\s*,?\s+(?i:i'?ll|i\s+will|i'?m\s+going\s+to|we'?ll)\s+(?:\w+\s+){1,3}?"
    r"(?:the\s+)?[A-Z]\w+",
)
"""A lasting wish about a named place or thing ("Someday I'll walk the Camino"): a dream the
user keeps, not a passing hypothetical."""
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
    r"(?:i'm|i\s+am|being)\s+an?|employed|by\s+trade|support|supports|supporting|root\s+for|follow|"
    r"follows|(?:have|'ve|has)\s+got\s+(?:the|a|an|my|two|three)|changed\s+my\s+life|swear\s+by|"
    r"live\s+for|can'?t\s+live\s+without|ritual|of\s+choice|go-?to|booked|drive|driving|ride|riding|"
    r"commute|commuting|listen|listening|read|reading|play|plays|grow|growing|grows|keep(?!\s+\w+ing\b)|raise|raising|"
    r"collect|collecting|volunteer|volunteering|shop|shopping|popped\s+into|on\s+repeat|siblings?|eldest|"
    r"youngest|one\s+of\s+\w+|garden|allotment|balcony|as\s+per\s+usual|as\s+usual|mostly)\b",
    re.I,
)
_PROPER_NOUN = re.compile(
    r"(?<!^)(?<![.!?]\s)\b(?!I\b|I'm\b|I've\b|I'd\b|I'll\b)[A-Z][\w'’\-]+|\b[a-z]{1,2}[A-Z][\w\-]+"
)

# --------------------------------------------------------------------------- updates

_UPDATE_CUE = re.compile(
    r"\b(?:actually|these\s+days|nowadays|switch(?:ed|ing)?|no\s+longer|not\s+\w+(?:\s+\w+)?\s+any\s?more|"
    r"any\s?more|from\s+now\s+on|stopped|quit|gave\s+up|given\s+up|instead(?:\s+of)?|changed|change\s+of|"
    r"update|updated|correction|used\s+to|replaced|rebooked|dropped|went\s+off|gone\s+off|moved|"
    r"relocated|is\s+now|are\s+now|'s\s+now|now\s+(?:a|an|working|learning|living|based|drinking|eating|"
    r"doing|into|using)|now[.!]?$|new\s+(?:city|job|schedule|editor|favourite|diet|hobby)|"
    r"not\s+[A-Z]\w+|rather\s+than|paused|cancelled|canceled|over\s+it|kind\s+of\s+over|sort\s+of\s+over|"
    r"chapter\s+is\s+over|no\s+more|scratch|sold|traded|swapped|moved\s+on|unsubscribed|"
    r"(?:is|are)\s+out|ended\s+up|new\s+favou?rite|got\s+rid\s+of|ditched|talked\s+(?:me|us)\s+out\s+of)\b|"
    r"\bnow\s*[.!]*\s*$",
    re.I,
)
_OLD_CLAUSE = re.compile(
    r"\b(?:no\s+longer|not\b|n't|anymore|any\s+more|stopped|quit|gave\s+up|given\s+up|dropped|paused|"
    r"went\s+off|gone\s+off|cancel(?:l)?ed|left|used\s+to|was\s+too|didn'?t\s+work|is\s+over|was\s+over|"
    r"scratch|no\s+more|sold|got\s+rid\s+of|ditched|unsubscribed|moved\s+on\s+from|"
    r"(?:'m|am|i'm)\s+(?:kind\s+of\s+|sort\s+of\s+|so\s+|totally\s+|completely\s+)?over|hated|"
    r"(?:sick|tired|bored)\s+of)\b",
    re.I,
)
_OLD_INLINE = [
    (re.compile(r"\bfrom\s+(?P<old>[^,;.]+?)\s+to\b", re.I), "to"),
    (re.compile(r",?\s*\binstead\s+of\s+(?P<old>[^,;.]+)", re.I), ""),
    (re.compile(r",?\s*\brather\s+than\s+(?P<old>[^,;.]+)", re.I), ""),
    (re.compile(r",\s*not\s+(?P<old>(?:an?\s+|the\s+)?[\w'\-]+(?:\s+[\w'\-]+)?)\s*(?=[,;.!]|$)", re.I), ""),
    (re.compile(r"\breplaced\s+(?P<old>[^,;.]+?)(?=\s+as\b|[,;.!]|$)", re.I), "replaced the previous one"),
    (re.compile(r"\((?:\s*no\s+more|\s*not|\s*instead\s+of)\s+(?P<old>[^)]+?)[!.]?\s*\)", re.I), ""),
    (
        re.compile(r"\b(?:traded|swapped|exchanged)\s+(?:in\s+)?(?P<old>[^,;.]+?)\s+for\b", re.I),
        "switched to",
    ),
    (re.compile(r"\bmoved\s+on\s+from\s+(?:being\s+)?(?P<old>[^,;.]+)", re.I), "moved on"),
    (
        re.compile(
            r"\b(?:(?:my|our)\s+[\w\-]+\s+)?talked\s+(?:me|us)\s+out\s+of\s+(?P<old>[^,;.\-–—]+?)"
            r"(?:\s*[,;\-–—]+\s*(?=\w)|(?=[.!]|$))",
            re.I,
        ),
        "I ",
    ),
    (
        re.compile(r"\b(?:dropped|ditched|abandoned|quit)\s+(?P<old>[^,;.]+?)\s+for\b", re.I),
        "switched to",
    ),
]
_CLAUSE_SPLIT = re.compile(
    r"\s*;\s*|\s+[-–—]+\s+|(?<=anymore),\s*|(?<=any more),\s*|"
    r",\s+(?=(?:but\s+|so\s+)?(?:i\b|scratch\b|forget\b|i'm|i've|we\b|we're|it'?s\b|it\s+is|my\b|the\b|that\b|"
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
    t = re.sub(r"(?<![\w'.])i(?=(?:'m|'ve|'d|'ll)?(?![\w.]))", "I", t)
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

_LEADING_CONJUNCTION = re.compile(
    r"^(?:(?:and|but|also|plus|so|oh|anyway|btw|fyi|ps|by\s+the\s+way|ok|okay|well|honestly|unrelated)\s+)+(?=\w)",
    re.I,
)
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
            r"(?:^|[:,!]\s*|\b(?i:hi|hello|hey)\b,?\s*)(?:I'm|I’m|I\s+am|(?i:name'?s|the\s+name'?s))\s+"
            r"(?P<n>[A-Z][a-z][\w'\-]*)(?=\s*(?:[,.!]|$|[-–—]|here\b|and\s+I\b|by\s+the\s+way))",
            sentence,
        )
    if not m:
        m = re.search(
            r"^(?i:hey|hi|hiya|hello|howdy|greetings|yo)(?:\s+there)?[,!\s]+(?i:it'?s|this\s+is)\s+"
            r"(?P<n>[A-Z][a-z][\w'\-]*)(?=\s*(?:[,.!]|$|[-–—]))",
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
        m = _GREETING_NAME.search(sentence)
    if not m:
        return None
    name = m.group("n") if "n" in m.groupdict() and m.group("n") else _greeting_name(m)
    if name is None or _NOT_A_NAME.fullmatch(name):
        return None
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


_GREETING_NAME = re.compile(
    r"^(?:[\w'’]+(?:\s+[\w'’]+)?\s*[,!.]+\s*)?(?:(?i:this\s+is|it'?s|it’s)\s+)?"
    r"(?P<n>[A-Z][a-z][\w'\-]*)\s+(?i:here|speaking)\b(?!\s+(?:is|are|in|at|on|for|to)\b)|"
    r"^(?:[\w'’]+(?:\s+[\w'’]+)?\s*[,!]+\s*)(?i:this\s+is|it'?s|it’s)\s+(?P<n2>[A-Z][a-z][\w'\-]*)\s*(?:[,.!]|$)|"
    r"^(?:(?i:yes|yeah|yep|sorry)[,!.]*\s+)*(?i:that'?s\s+(?:right|correct))[,!.]*\s+"
    r"(?i:it'?s|it’s)\s+(?P<n3>[A-Z][a-z][\w'\-]*)\s*[,.!]?|"
    r"^(?i:it'?s|it’s)\s+(?P<n5>[A-Z][a-z][\w'\-]*)\s*[,.!]\s*(?i:sorry|should\s+have\s+said)|"
    r"^(?P<n4>[A-Z][a-z][\w'\-]*)\s+(?i:btw|by\s+the\s+way|fyi)\b"
)
"""A name given in a greeting or an introduction: "G'day, Rustam here.", "Namaste, this is Ravindra.",
"Oisin speaking", "It's Catalina, sorry, should have said.", "Sunniva btw."."""
_NOT_A_NAME = re.compile(
    r"(?:" + _WEEKDAYS + r"|january|february|march|april|may|june|july|august|september|october|november|"
    r"december|today|tonight|tomorrow|yesterday|this|that|nothing|everything|something|someone|nobody|"
    r"everyone|somebody|there|here|fine|great|good|ok|okay|thanks|thank|cheers|true|same|mine|ours)$",
    re.I,
)


def _greeting_name(m: re.Match[str]) -> str | None:
    return next((m.group(g) for g in ("n", "n2", "n3", "n4", "n5") if m.groupdict().get(g)), None)


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
        r"\b(?:work(?:ing)?\s+as|employed\s+as|by\s+trade|my\s+(?:day\s+)?job|by\s+profession|for\s+a\s+living|career|"
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
    return _habit_day_topic(text)


_HABIT_ACTIVITIES = [
    ("cooking", r"cook(?:ing)?|meal[\s-]?prep(?:ping)?|batch[\s-]?cook(?:ing)?|prep\s+day"),
    ("food shop", r"(?:food|grocery|big|weekly)\s+shop(?:ping)?|groceries|supermarket\s+run"),
    ("exercise", r"gym|work(?:ing)?[\s-]?out|training|run(?:ning)?|swim(?:ming)?|yoga|pilates|spin\s+class"),
    ("chores", r"laundry|washing|cleaning|hoover(?:ing)?|vacuum(?:ing)?|chores"),
    ("volunteering", r"volunteer(?:ing)?|seva"),
]
_HABIT_MARK = re.compile(
    r"\b(?:every\s+"
    + _WEEKDAYS
    + r"|(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|day\s+(?:is|are|was|has)\b|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:mornings|afternoons|evenings|nights)\b|routine|"
    r"day\s+(?:now|these\s+days)|(?:i|we)\s+(?:always\s+|usually\s+|now\s+)?(?:do|does)\b)",
    re.I,
)


def _habit_day_topic(text: str) -> str | None:
    """A weekly routine pinned to a weekday ("my meal-prep day is Sunday", "I do the cooking on
    Saturdays") is one slot per activity: a later day for it replaces the earlier one, whatever
    the wording of the activity within its group."""
    if not re.search(r"\b" + _WEEKDAYS + r"\b", text, re.I) or not _HABIT_MARK.search(text):
        return None
    if re.search(r"\b(?:last|next|this|yesterday|tomorrow|went|did|was\s+at)\b", text, re.I):
        return None
    for label, pattern in _HABIT_ACTIVITIES:
        if re.search(r"\b(?:" + pattern + r")\b", text, re.I):
            return f"{label} day"
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
    "procedural:dates",
    "procedural:pros and cons",
    "procedural:plain language",
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


_POLITE_REQUEST = re.compile(
    r"^(?:can|could|would|will)\s+(?:you|every|each|all|your|the)\b|^would\s+you\s+mind\b|"
    r"^(?:is\s+it\s+ok(?:ay)?|do\s+you\s+mind)\s+if\b",
    re.I,
)
"""A request phrased as a question ("Could every response fit in 100 words?", "Would you mind
always…"): an instruction, not a question, when it is about how answers look."""


def _is_procedural(sentence: str, markers: str = "") -> str | None:
    """The procedural topic of an instruction about how to answer, or None. `markers`: the
    discourse markers stripped from its front ("From now on, …"), which can carry persistence."""
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
    if not _PERSISTENT.search(text) and not _PERSISTENT.search(markers):
        return None
    polite = _POLITE_REQUEST.match(text)
    if _is_question(text) and not polite:
        return None
    if polite and not re.search(
        r"\b(?:always|never|from\s+now\s+on|going\s+forward|every|each|any|all|stick|keep|drop|stop|"
        r"default|use|format|write|answer|reply|respond|switch|include|fit|cite|avoid)\b",
        text,
        re.I,
    ):
        return None
    return topic


_RULE_DIRECTIVE = re.compile(
    r"(?:^|,\s*(?:so\s+)?|\bso\s+)(?:kindly|please|pls|plz|always|never|avoid|don'?t|do\s+not|no|stop|quit|use|keep|"
    r"give|write|leave|end|finish|close|open|lead|start|begin|show|expand|spell|maintain|stick|put|include|"
    r"skip|drop|format|could\s+you|can\s+you|would\s+you|will\s+you|when\s+you|whenever\s+you|if\s+you|"
    r"i'?d\s+(?:like|rather|prefer)\s+(?:you|it|that)|i\s+(?:want|need)\s+you|i\s+like\s+it\s+when\s+you|"
    r"i\s+prefer\s+(?:it\s+)?when\s+you|do\s+that)\b",
    re.I,
)
_RULE_STRONG = re.compile(
    r"\b(?:tables?|tabular|exclamation(?:\s+(?:marks?|points?))?|acronyms?|abbreviations?|apologi[sz]\w*|"
    r"apolog(?:y|ies)|follow[\s-]?up\s+questions?|bottom\s+line|code\s+comments?|(?:serial|oxford)\s+comma|"
    r"emojis?|24[\s-]?h(?:ou)?r|12[\s-]?h(?:ou)?r|am\s*/\s*pm|tone|replies|answers|responses|formatting|"
    r"headings|headers|bullet(?:\s+points?)?s?|caps\s+lock|all\s+caps|capital\s+letters|"
    r"(?:dd|mm|yyyy)[/.\-](?:dd|mm|yyyy)[/.\-](?:dd|mm|yyyy)|sign[\s-]?offs?|greetings?)\b",
    re.I,
)
_RULE_WEAK = re.compile(
    r"\b(?:questions?|times?|clock|dates?|words?|sentences?|language|lists?|summary|summaries|comments?|"
    r"reply|answer|response|style|voice|format|paragraphs?|examples?|units?|punctuation|spelling)\b",
    re.I,
)
_RULE_PERSIST = re.compile(
    r"\b(?:always|never|ever|every|each|all|from\s+(?:now|here)\s+on|going\s+forward|in\s+future|any\s*more|"
    r"only|whenever|first|up\s+front|by\s+default)\b",
    re.I,
)
_RULE_LASTING_VERB = re.compile(
    r"(?:^|,\s*(?:so\s+)?|\bso\s+)(?:(?:kindly|please|pls|plz)\s+)?(?:never|avoid|don'?t|do\s+not|no|stop|quit|keep|"
    r"stick|maintain|leave|skip|drop|spell|expand|write|use)\b|\bwithout\b|\bup\s+front\b",
    re.I,
)
"""Verbs that set a standing rule by themselves ("No tables", "Keep comments minimal", "Stop
apologising"), unlike a one-off request ("Can you make a table of …?")."""
_GENERIC_FEATURE = re.compile(r"replies|answers|responses|tone|formatting", re.I)
_ONE_OFF = re.compile(
    r"\b(?:this|that|the)\s+(?:email|essay|letter|message|text|post|one|card|poem|draft|list)\b", re.I
)


def _answer_rule(sentence: str) -> str | None:
    """A rule about the assistant's replies in words the style groups do not list ("No tables,
    ever.", "Kindly do not apologise in every reply", "Bottom line up front, always"): an
    imperative or prohibition about answers, kept when it names a feature of replies and is
    lasting. Its topic is the feature it governs."""
    core, markers = _strip_discourse(sentence)
    core = re.sub(
        r"^(?:quick\s+)?rule(?:\s+for\s+(?:you|our\s+chats|our\s+conversations))?\s*[:,]\s*",
        "",
        core,
        flags=re.I,
    )
    if _ONE_OFF.search(core):
        return None
    if _is_question(core) and not _POLITE_REQUEST.match(core):
        return None
    strong = next(
        (m for m in _RULE_STRONG.finditer(core) if not _GENERIC_FEATURE.fullmatch(m.group(0))), None
    )
    strong = strong or _RULE_STRONG.search(core)
    weak = _RULE_WEAK.search(core)
    directive = _RULE_DIRECTIVE.search(core)
    persist = _RULE_PERSIST.search(core) or _RULE_PERSIST.search(markers)
    if strong and (
        persist
        or _RULE_LASTING_VERB.search(core)
        or re.search(r"\b(?:your|in\s+(?:your\s+)?(?:replies|answers|responses))\b", core, re.I)
    ):
        feature = strong.group(0)
    elif weak and directive and persist and _ANSWER_WORDS.search(core) and not _HYPOTHETICAL.search(core):
        feature = weak.group(0)
    else:
        return None
    if _GENERIC_FEATURE.fullmatch(feature):
        return (
            "procedural:reply language"
            if re.search(r"\b" + _LANGUAGES + r"\b", core, re.I)
            else "procedural:"
        )
    feature = re.sub(r"[\s-]+", " ", feature.lower())
    feature = re.sub(r"\b(?:points?|marks?)$", "marks", feature)
    feature = re.sub(r"(?<=[^s])s$", "", feature) if not feature.endswith("marks") else feature
    feature = re.sub(r"^apolog\w*$", "apologies", feature)
    feature = re.sub(r"^(?:24|12) ?h(?:ou)?r$", "time format", feature)
    return "procedural:" + feature


_AFTER_RETRACTION = re.compile(r"\s+[-–—]+\s+|\s*[;:]\s+")
"""Where "scratch what I said about my job - I'm a welder now" turns from the retraction to the
new fact."""


def _trailing_instruction(sentence: str) -> tuple[str, str] | None:
    """An instruction that closes a sentence opened by a remark ("i get lost in jargon, keep it
    simple pls"): the instruction and its topic."""
    parts = re.split(r",\s+|\s+[-–—]+\s+", sentence)
    if len(parts) < 2:
        return None
    last = parts[-1].strip()
    if not _IMPERATIVE.match(last) and not re.match(r"^(?:please|pls)\b", last, re.I):
        return None
    topic = _is_procedural(last)
    return (sentence, topic) if topic else None


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
            kept.append(re.sub(r"^(?:so|and|but)\s+(?=i\b|we\b)", "", clause.strip(), flags=re.I))
    return ", ".join(kept), old, " ; ".join(old_text)


def _worth_keeping(core: str, has_context: bool) -> bool:
    if len(content_words(core)) == 0:
        return False
    if not (_FIRST_PERSON.search(core) or _HOME_IDIOM.search(core) or has_context):
        return False
    if _META.search(core) or (
        _HYPOTHETICAL.search(core) and not _PREFERENCE_IF.search(core) and not _ASPIRATION.search(core)
    ):
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


def _statement(
    sentence: str, pending_old: set[str], prefix_hint: str, asserted: bool = False
) -> _Statement | None:
    """The memory one clause states, if any. `asserted`: the user gave it as the premise of a
    question ("Since I'm paleo, …"), so it needs no other sign of being durable."""
    name = _name_of(sentence)
    if name and len(sentence.split()) <= 14:
        return _Statement(f"The user's name is {name}.", "name", False, importance=IMPORTANCE_PROFILE)
    core, markers = _strip_discourse(sentence)
    if not core or _is_question(core) or _MEMORY_META.search(core):
        return None
    swap = _OUT_IN.match(core)
    if swap:
        return _swap_statement(swap, markers + core)
    scratch = _SCRATCH.match(core) or next((m for r in _RETRACTIONS if (m := r.match(core))), None)
    gave_up = None if scratch else _GAVE_UP.match(core)
    if gave_up:
        rest = gave_up.group("rest").strip()
        if not re.match(r"^(?:i|i'm|i've|we|my|it'?s)\b", rest, re.I):
            rest = (
                f"I switched to {rest}"
                if re.search(r"\band\s+(?:went|moved|switched)\b", gave_up.group(0))
                else rest
            )
        scratch = re.match(r"(?P<old>.*)\x00(?P<rest>.*)", gave_up.group("old") + "\x00" + rest, re.S)
    if scratch:
        pending_old = pending_old | content_words(scratch.group("old"))
        prefix_hint = (prefix_hint + " ; " + scratch.group("old")).strip(" ;")
        markers += " scratch "
        core = scratch.group("rest").strip()
        if not core:
            return _Statement("", None, True, old_words=pending_old, old_text=prefix_hint)
    hint = markers + " " + prefix_hint
    if _OTHER_SUBJECT.match(core) and not re.search(r"\btalked\s+(?:me|us)\s+out\s+of\b", core, re.I):
        named = re.match(r"^[A-Z][\w'\-]+\s*[,(]", core) or _PROPER_NOUN.search(core)
        if not named or not _worth_keeping(core, has_context=True):
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
    if (
        not _worth_keeping(body, has_context=is_update and bool(old or markers))
        and not (is_update and _topic_of(core + " " + hint, True))
        and not ((is_update and old or asserted) and _names_new_value(body))
    ):
        return None
    topic = _topic_of(body, is_update) or (_topic_of(core + " " + hint, is_update) if is_update else None)
    content = _third_person(body)
    if is_update and old and not re.search(r"\b(?:user|their|they)\b", content, re.I):
        content = f"The user has switched: {content}"
    elif is_update and topic in TOPIC_LABELS and not _topic_of(body, False):
        content = f"{TOPIC_LABELS[topic]} (updated): {content[:1].lower() + content[1:]}"
    importance = IMPORTANCE_PROFILE if (topic or _PROPER_NOUN.search(body)) else IMPORTANCE_INCIDENTAL
    return _Statement(_finish(content), topic, is_update, old, importance, old_text)


def _names_new_value(body: str) -> bool:
    """After the old value was set aside ("not doing X anymore - Y all the way"), what is left
    names the new one: a few words, not a question, a request or small talk."""
    core, _ = _strip_discourse(body)
    return (
        0 < len(content_words(core) - {"user"}) <= 8
        and not _is_question(core)
        and not _META.search(core)
        and not _IMPERATIVE.match(core)
    )


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
        "going",
        "back",
        "hated",
        "hate",
        "sick",
        "tired",
        "bored",
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
    out: list[str] = []
    for p in (p.strip() for p in parts if p and p.strip()):
        if out and _BARE_POSSESSIVE.fullmatch(_strip_discourse(out[-1])[0]):
            out[-1] = f"{out[-1]} and {p}"
        else:
            out.append(p)
    return out


_BARE_POSSESSIVE = re.compile(r"(?:my|our)\s+(?:[\w\-]+\s+){0,3}[\w\-]+", re.I)
"""A possessive noun phrase with no verb ("my work machine" of "my work machine and my laptop
both run …"): half of a coordinated subject, not a statement."""


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


# --------------------------------------------------------------------------- constructions

_QUESTION_WORD = (
    r"(?:does|do|did|is|are|was|can|could|would|should|will|what|what's|whats|how|where|which|who|why|"
    r"any|anyone|have\s+you|please)"
)
_SEGMENT_SPLIT = re.compile(
    r"\s+[-–—]+\s+|,\s+(?=(?:so\s+)?" + _QUESTION_WORD + r"\b)|,\s+so\s+(?=(?:please|pls|forgive|bear)\b)",
    re.I,
)
"""Where a question that carries a statement comes apart ("I'm drinking oolong right now, does
it have less caffeine…?")."""
_ASIDE_SPLIT = re.compile(
    r",\s+so\s+(?=(?:please|pls|forgive|bear|excuse|sorry)\b)|\s+[-–—]+\s+(?=" + _QUESTION_WORD + r"\b)", re.I
)
"""Where a statement runs on into a request ("I'm a welder - twelve-hour shifts, so forgive the
late questions")."""

_PREMISE = re.compile(
    r"^(?:since|as|because|given\s+that|now\s+that|seeing\s+(?:as|that))\s+"
    r"(?P<p>(?:i|i'm|im|i've|i\s+am|my|we|we're|our|everything\s+i|all\s+i)\b.+?),\s*"
    r"(?:\w+\s+){0,2}?" + _QUESTION_WORD + r"\b",
    re.I,
)
"""A fact given as the reason of a question: "Since I'm paleo, what should I cook?"."""
_HABIT_CONDITION = re.compile(
    r"\bif\s+(?P<p>(?:i|we)\s+(?:[\w'\-]+\s+){1,6}?(?:every|each)\s+(?:single\s+)?"
    r"(?:day|morning|evening|night|week|weekday|weekend)s?)\b",
    re.I,
)
"""A habit stated as the condition of a question: "is a season pass worth it if I cycle to work
every day?" (a habitual "every …" marks it as real, not hypothetical)."""
_WHERE_I_LIVE = re.compile(
    r"\b(?:from|in)\s+(?:[a-z]+\s+)?(?P<place>[A-Z][\w'\-]+(?:\s+[A-Z][\w'\-]+){0,2}),?\s+where\s+(?i:i|we)\s+"
    r"(?P<verb>live|work|grew\s+up)\b"
)
"""A home named in passing: "greetings from rainy Cork, where I live"."""
_TRANSIENT = re.compile(
    r"^(?:i'?m|i\s+am|we'?re)\s+(?:so\s+|really\s+|a\s+bit\s+|kind\s+of\s+)?(?:bored|tired|hungry|curious|"
    r"here|stuck|lost|confused|new\s+to\s+this|not\s+sure|unsure|in\s+a\s+hurry|busy|asking)\b",
    re.I,
)
"""Momentary states given as a reason ("Since I'm bored, …"): nothing durable about the user."""

_APPOSITION = re.compile(
    r"^(?P<name>(?:the\s+)?[\w'\-]+(?:\s+[\w'\-]+){0,3}?)\s*[-–—,(]+\s*that'?s\s+(?:the|my|our)\s+"
    r"(?P<what>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)\s*[-–—,)]+\s*(?P<rest>.+)$",
    re.I,
)
"""A value introduced and then explained: "Pickle - that's the gecko - sheds every month",
"the Skoda Octavia - that's my car - needs new brakes"."""
_VALUE_THEN_LABEL = re.compile(
    r"^(?P<value>[^-–—]+?)\s*(?:[-–—]+|,)\s*that'?s\s+(?:my|our)\s+(?P<what>[a-z][\w\-]*(?:\s+[\w\-]+){0,3}?)"
    r"(?:\s+(?:at\s+this\s+point|these\s+days|now|right\s+now))?\s*[.!]*$",
    re.I,
)
"""A value fronted and then labelled: "Oat latte, extra hot - that's my morning fuel"."""
_LABELLED_VALUE = re.compile(
    r"^(?P<label>(?:(?:my|our|new|current|usual|all-time|daily|weekly)\s+)*(?:favou?rite\s+)?"
    r"[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?(?:\s+of\s+choice)?)\s*(?::|=)\s*(?P<value>[^:=]+?)[.!]*$",
    re.I,
)
"""A slot written as a label ("Board game of choice: Catan.", "Spare time = pottery")."""
_SLOT_LABEL = re.compile(
    r"\b(?:favou?rite|of\s+choice|go-?to|usual|current|spare\s+time|free\s+time|weekends?|evenings?|"
    r"commute|daily|new)\b",
    re.I,
)
_WISE_LABEL = re.compile(
    r"^(?P<lead>.*?)\b(?P<label>[a-z]+)-wise,?\s+(?:it'?s|it\s+is)\s+(?P<value>.+?)(?:\s+for\s+(?:me|us))?"
    r"(?P<rest>[,;].*)?[.!]*$",
    re.I,
)
"""A slot named by "-wise": "Commute-wise it's the tram for me"."""
_BOOKED_TRIP = re.compile(
    r"^(?P<place>[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,2})\s+(?P<prep>in|this|next)\s+(?P<when>[A-Za-z]+)\s*"
    r"[:,\-–—]+\s*(?:all\s+|finally\s+)?(?:booked|sorted|confirmed|planned|paid)\b"
)
"""A subjectless trip status: "Lisbon in May: booked, paid, can't wait."."""
_OUT_IN = re.compile(
    r"^(?:[\w\-]+(?:\s+[\w\-]+)?\s+(?:update|change)\s*[:,\-–—]\s*)?"
    r"(?P<old>[^,;:]+?)\s+(?:is|are)\s+out\s*[,;]\s*(?P<new>[^,;]+?)\s+(?:is|are)\s+in\b(?P<rest>.*)$",
    re.I,
)
"""A swap: "Chess is out, Go is in", "Phone update: the Pixel is out, the iPhone is in"."""
_SWAP_LABEL = re.compile(r"\b(?P<label>[a-z]+(?:\s+[a-z]+)?)\s+(?:update|change)\s*[:,\-–—]", re.I)
_SWAP_REST_LABEL = re.compile(r"^\s*[-–—,:;]+\s*(?:my|our)\s+(?P<what>(?:new\s+)?[\w\s\-]+?)\s*[.!]*$", re.I)
_LABEL_TOPICS = {
    "diet": "diet",
    "job": "job",
    "work": "job",
    "career": "job",
    "city": "home city",
    "home": "home city",
    "editor": "editor",
    "coffee": "drink:hot",
    "drink": "drink:hot",
    "language": "language learning",
}
_SCRATCH = re.compile(
    r"^scratch\s+(?:that\s+(?:about\s+|re:?\s+|on\s+)?)?(?P<old>[^:,;\-–—]+?)"
    r"(?:\s+off\s+(?:the|my)\s+[\w\s]+?)?\s*(?:[:,;]|\s[-–—]+)\s*(?P<rest>.*)$",
    re.I,
)
"""A retraction followed by the new value: "Scratch the bike: I take the bus now"."""
_RETRACTIONS = [
    re.compile(
        r"^(?:ignore|disregard|forget|never\s+mind|scrap)\s+(?:what\s+i\s+(?:said|told\s+you|mentioned|wrote)\s+"
        r"(?:about|re:?|regarding|on)\s+)(?P<old>[^:,;\-–—]+?)\s*(?:[:,;]|\s[-–—]+)\s*(?P<rest>.*)$",
        re.I,
    ),
    re.compile(
        r"^(?:the\s+)?(?P<old>[^,;]+?)\s+(?:thing\s+|plan\s+|trip\s+)?(?:didn'?t\s+work\s+out|fell\s+through|"
        r"got\s+cancell?ed|is\s+off|was\s+a\s+bust)(?:\s+for\s+[\w\s]+?)?\s*,?\s*(?:so\s+)(?P<rest>.*)$",
        re.I,
    ),
    re.compile(
        r"^turns\s+out\s+(?:i'?m|i\s+am)\s+not\s+(?:a\s+(?:big\s+)?fan\s+of|into|keen\s+on)\s+(?P<old>[^,;]+?)"
        r"(?:\s+after\s+all)?\s*[,;]\s*(?P<rest>.*)$",
        re.I,
    ),
]
"""Other retractions that name the old value and then the new one: "Ignore what I said about X,
it's Y now", "X didn't work out so I'm doing Y", "Turns out I'm not a fan of X after all, Y is
more my speed"."""
_GAVE_UP = re.compile(
    r"^(?:i\s+|we\s+)?(?:gave\s+up|quit|dropped|ditched|stopped|ditched|swapped\s+out)\s+(?P<old>[^,;]+?)"
    r"(?:\s+(?:last|this)\s+\w+|\s+a\s+while\s+(?:ago|back))?\s*(?:[,;]\s*|\s+and\s+(?:went|moved|switched)\s+"
    r"(?:over\s+)?to\s+)(?P<rest>.+)$",
    re.I,
)
"""Giving one thing up for another: "I gave up X last month; Y these days", "… and went to Y"."""
_SUPERLATIVE_FRAGMENT = re.compile(
    r"^(?:the\s+|my\s+)?(?:best|greatest|finest|top)\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)"
    r"(?:\s+(?:ever|going|alive|around|out\s+there|of\s+all\s+time))?(?:,?\s*(?:full\s+stop|period|hands\s+down))?"
    r"\s*[.!]*$",
    re.I,
)
"""A verbless verdict on the thing the previous sentence named: "Ann Patchett. Best novelist, full stop."."""
_LEAD_NAME = re.compile(r"^(?P<name>[A-Z][\w'.\-]*(?:\s+[A-Z][\w'.\-]*){0,4})\s*[-–—,:]")
_NAME_SPAN = re.compile(r"(?<!^)\b(?!I\b)[A-Z][\w'\-]*(?:\s+(?:[A-Z][\w'\-]*|\d+\w*))*")
_PET_WITHOUT_NAME = re.compile(
    r"^(?P<np>(?:my|our)\s+(?:[\w\-]+\s+)?" + _SPECIES + r")\b(?!\s+(?:is\s+)?(?:called|named))", re.I
)
_PRONOUN_REFERENCE = re.compile(
    r"\bthat'?s\s+what\s+(?=i\b|we\b)|\bit'?s(?=\s+(?:my|our)\b)|\b(?:them|it)\b(?!'s)|\b(?:their|his|her)\b",
    re.I,
)
_MEMORY_META = re.compile(
    r"\b(?:your\s+(?:notes|memory|memories|records|files?)|from\s+(?:your\s+)?memory|save\s+\w+\s+\w+\s+somewhere)\b",
    re.I,
)
"""Talk about the assistant's notes ("drop X from your notes"): a request, never a fact."""
_NOTE_REQUEST = re.compile(
    r"^(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+)?(?:add\s+(?:this|that|it)\s+to\s+your\s+"
    r"(?:notes|memory|records|list|files?)(?:\s+(?:about|on)\s+me)?|(?:jot|write|note|put)\s+(?:this\s+|it\s+)?down|"
    r"make\s+a\s+(?:mental\s+)?note(?:\s+of\s+this)?|don'?t\s+let\s+me\s+forget|file\s+(?:this|it)\s+away|"
    r"for\s+future\s+reference|note\s+to\s+self)\s*(?:[:\-–—,]\s*|\s+that\s+|\s+)(?P<rest>.{6,})$",
    re.I,
)
"""A remember request in other words than the command parser's: "Jot down that…", "For future
reference: …", "Add this to your notes about me: …"."""
_FORGET_REQUEST = re.compile(
    r"^(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+|i'?d\s+like\s+you\s+to\s+|i\s+want\s+you\s+to\s+)?"
    r"(?:drop|scrub|wipe|delete|erase|remove|clear|strike|purge|ditch|lose|forget)\s+(?:"
    r"(?:whatever|everything|anything|all)\s+(?:you'?ve\s+got|you\s+have|you\s+know)\s+(?:on|about)\s+|"
    r"the\s+(?:bit|part|thing|stuff|note|notes|info)\s+(?:about|on)\s+|what\s+you\s+know\s+about\s+)?"
    r"(?P<what>[^,.;!?]+?)(?P<where>\s+(?:from|off|out\s+of)\s+(?:your|the)\s+(?:notes|memory|memories|records|"
    r"list|files?))?(?:\s+(?:entirely|completely|altogether|please))*\s*(?:[-–—,.;!?].*)?$",
    re.I,
)
"""A forget request in other words than the command parser's: "Scrub the X from your memory",
"Delete whatever you've got on X", "Can you wipe the bit about X?"."""
_FORGET_NEEDS = re.compile(
    r"\b(?:from|off|out\s+of)\s+(?:your|the)\s+(?:notes|memory|memories|records|list|files?)\b|"
    r"\b(?:whatever|everything|anything|all)\s+(?:you'?ve\s+got|you\s+have|you\s+know)\s+(?:on|about)\b|"
    r"\bthe\s+(?:bit|part|thing|stuff|note|notes|info)\s+(?:about|on)\b",
    re.I,
)
_FRAGMENT = re.compile(
    r"^(?i:the\s+user'?s|their)\s+(?!.*\b(?i:is|are|was|were|has|have|had)\b)[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}[.!]?$"
)
"""A possessive noun phrase left alone ("The user's husband."): no verb, no name, no value."""


def _memory_request(sentence: str) -> Command | None:
    core, _ = _strip_discourse(sentence)
    m = _NOTE_REQUEST.match(core)
    if m:
        rest = re.sub(r"[.!?]+$", "", m.group("rest")).strip(" :-–—,")
        return Command(action="remember", content=rest) if len(rest.split()) >= 2 else None
    m = _FORGET_REQUEST.match(core)
    if m and _FORGET_NEEDS.search(core):
        what = m.group("what").strip()
        return Command(action="forget", content=what) if what else None
    return None


def _is_request(sentence: str) -> bool:
    """A memory command, even when asked as a question ("Could you forget the X?")."""
    return parse_command(sentence) is not None or _memory_request(sentence) is not None


def _label_statement(label: str, value: str) -> str:
    label = re.sub(r"^(?:my|our)\s+", "", label.strip(), flags=re.I)
    return f"My {label[:1].lower() + label[1:]} is {value.strip()}"


def _reframe(core: str) -> str:
    """The user's sentence rewritten into a plain first-person statement when it uses one of
    the constructions above (the values stay in the user's words)."""
    m = _APPOSITION.match(core)
    if m and not re.match(r"^(?:it|this|that|he|she|they)$", m.group("name"), re.I):
        name = re.sub(r"^the\s+", "", m.group("name"), flags=re.I)
        return f"My {m.group('what')} {name} {m.group('rest')}"
    m = _VALUE_THEN_LABEL.match(core)
    if m and not _FIRST_PERSON.search(m.group("value")):
        return _label_statement(m.group("what"), m.group("value"))
    m = _LABELLED_VALUE.match(core)
    if m and _SLOT_LABEL.search(m.group("label")) and not _FIRST_PERSON.search(m.group("value")):
        return _label_statement(m.group("label"), m.group("value"))
    m = _WISE_LABEL.match(core)
    if m:
        return (
            m.group("lead") + _label_statement(m.group("label"), m.group("value")) + (m.group("rest") or "")
        )
    m = _BOOKED_TRIP.match(core)
    if m:
        return f"I've booked a trip to {m.group('place')} {m.group('prep')} {m.group('when')}"
    return core


def _swap_statement(m: re.Match[str], context: str) -> _Statement:
    """The memory for "X is out, Y is in": the new value, labelled when the user named the slot."""
    new = re.sub(r"^(?:the|a|an|my)\s+", "", m.group("new").strip(), flags=re.I)
    old = m.group("old")
    label_m = _SWAP_LABEL.search(context)
    rest = m.group("rest") or ""
    label = label_m.group("label") if label_m else None
    rest_label = _SWAP_REST_LABEL.match(rest)
    if rest_label:
        label, rest = rest_label.group("what"), ""
    content = f"The user's {label.lower()} is now {new}" if label else f"The user has switched to {new}"
    tail = re.sub(r"^\s*[-–—,;:]+\s*", "", rest).strip(" .!")
    if tail and _FIRST_PERSON.search(tail):
        content += "; " + _third_person(tail)
    topic = _LABEL_TOPICS.get(label.split()[-1].lower()) if label else None
    return _Statement(
        _finish(content),
        topic or _topic_of(new, True),
        True,
        content_words(old),
        IMPORTANCE_PROFILE,
        old,
    )


def _question_premise(question: str) -> str | None:
    """The fact a question rests on, if it states one about the user."""
    core, _ = _strip_discourse(question)
    m = _PREMISE.match(core)
    if m:
        return None if _TRANSIENT.match(m.group("p")) else m.group("p")
    m = _HABIT_CONDITION.search(core)
    if m:
        return m.group("p")
    m = _WHERE_I_LIVE.search(core)
    if m:
        verb = {"live": "live in", "work": "work in"}.get(m.group("verb").lower(), "grew up in")
        return f"I {verb} {m.group('place')}"
    return None


def _resolve_reference(unit: str, names: list[str]) -> str:
    """A short statement that points back at the one thing the question before it named:
    "Any tips for Biscuit? My hamster bites." → "my hamster Biscuit", "How often should a
    Vespa be serviced? That's what I ride." → "Vespa is what I ride"."""
    if len(names) != 1:
        return unit
    name = names[0]
    core, markers = _strip_discourse(unit)
    if _PROPER_NOUN.search(core) or not _FIRST_PERSON.search(core) or len(core.split()) > 12:
        return unit
    m = _PET_WITHOUT_NAME.match(core)
    if m:
        return markers + m.group("np") + " " + name + core[m.end() :]
    m = _PRONOUN_REFERENCE.search(core)
    if not m:
        return unit
    word = m.group(0).lower()
    if word.startswith("that"):
        repl = f"{name} is what "
    elif word.startswith("it") and word != "it":
        repl = f"{name} is"
    elif word in ("their", "his", "her"):
        repl = f"{name}'s"
    else:
        repl = name
    return markers + core[: m.start()] + repl + core[m.end() :]


def _message_units(sentences: list[str], categories: frozenset[str]) -> list[tuple[str, bool, bool]]:
    """The statements of a message, each with whether it came out of a sensitive sentence and
    whether the user asserted it as the premise of a question.

    A sentence that mixes a statement with a question or an aside is cut into its parts; a
    question is replaced by the fact it rests on, if any, and otherwise lends the one name it
    mentions to the next short statement that points back at it. A sensitive sentence keeps
    only its parts that are safe on their own (none if the sensitivity is in the whole)."""
    units: list[tuple[str, bool, bool]] = []
    names: list[str] = []
    lead_name: str | None = None
    for sentence in sentences:
        sensitive = is_sensitive(sentence, categories)
        asserted = False
        if sensitive:
            parts = [
                seg
                for clause in _split_clauses(sentence)
                for seg in _SEGMENT_SPLIT.split(clause)
                if seg.strip()
            ]
            safe = [p for p in parts if not is_sensitive(p, categories)]
            if len(safe) == len(parts):
                units.append(("", True, False))
                continue
        else:
            parts = [sentence]
            core, markers = _strip_discourse(sentence)
            reframed = _reframe(core)
            if reframed != core:
                parts = [markers + reframed]
            elif _ASIDE_SPLIT.search(sentence) and "?" not in sentence:
                parts = [s for s in _ASIDE_SPLIT.split(sentence) if s.strip()]
            elif _is_request(sentence):
                parts = [sentence]
            elif "?" in sentence:
                premise = _question_premise(sentence) if not _OUT_IN.search(sentence) else None
                if premise:
                    parts = [premise]
                elif _PREMISE.match(core):
                    parts = []
                else:
                    parts = [s for s in _SEGMENT_SPLIT.split(sentence) if s.strip()]
                asserted = bool(premise)
            safe = parts
        for part in safe:
            core, _ = _strip_discourse(part)
            if (
                _is_question(core)
                and _is_procedural(core) is None
                and _answer_rule(part) is None
                and not _is_request(part)
            ):
                premise = _question_premise(part)
                if premise:
                    units.append((premise, sensitive, True))
                else:
                    names = [n for n in _NAME_SPAN.findall(core) if n.lower() not in {"i", "ok"}]
                continue
            verdict = _SUPERLATIVE_FRAGMENT.match(core)
            if verdict and lead_name:
                units.append((f"My favourite {verdict.group('noun')} is {lead_name}", sensitive, False))
                lead_name = None
                continue
            lead = _LEAD_NAME.match(core)
            lead_name = lead.group("name") if lead and len(lead.group("name").split()) >= 1 else None
            units.append((_resolve_reference(part, names), sensitive, asserted))
            if content_words(core) - {"ugh", "lol", "yes", "yeah", "wow", "ok"}:
                names = []
    return units


# --------------------------------------------------------------------------- answers to the assistant's question

_ASKED_SKIP = re.compile(
    r"\b(?:what'?s\s+up|how\s+(?:are|is|was|were)\s+(?:you|it|things|your\s+day)|how\s+about|what\s+about|"
    r"how\s+can\s+i|can\s+i\s+help|what\s+(?:do|did|would)\s+you\s+(?:need|want|mean|think|like\s+to)|"
    r"anything\s+else|does\s+that\s+(?:help|make)|shall\s+i|should\s+i|would\s+you\s+like|want\s+me\s+to|"
    r"do\s+you\s+want|make\s+sense|sound\s+good|you\s+mean|did\s+you\s+know|have\s+you\s+(?:tried|considered|"
    r"thought)|ready|right\?)\b",
    re.I,
)
_ASKED_TOPICS = [
    (re.compile(r"\bname\b|\bcall\s+you\b", re.I), "name", "name"),
    (
        re.compile(
            r"\b(?:do\s+for\s+(?:work|a\s+living)|job|profession|occupation|line\s+of\s+work)\b", re.I
        ),
        "job",
        "job",
    ),
    (
        re.compile(r"\bgrow\s+up\b|\bhome\s*town\b|\bfrom\s+originally\b|\boriginally\s+from\b", re.I),
        "hometown",
        "hometown",
    ),
    (
        re.compile(
            r"\b(?:where\s+do\s+you\s+live|where\s+are\s+you\s+based|live\s+now|home\s+city|"
            r"which\s+city)\b",
            re.I,
        ),
        "home city",
        "home city",
    ),
    (
        re.compile(r"\b(?:dislike|hate|can'?t\s+stand|don'?t\s+like|won'?t\s+eat|avoid)\b", re.I),
        "dislikes",
        None,
    ),
    (re.compile(r"\beditor\b|\bide\b", re.I), "editor", "editor"),
    (re.compile(r"\b(?:coffee|tea)\s+order\b|\bdrink\b", re.I), "usual drink", "drink:hot"),
    (re.compile(r"\bdiet\b|\bway\s+of\s+eating\b", re.I), "diet", "diet"),
    (re.compile(r"\bcuisine\b", re.I), "favourite cuisine", "food:cuisine"),
    (
        re.compile(r"\blanguages?\b.*\blearn|\blearn\w*\b.*\blanguages?\b", re.I),
        "language being learned",
        "language learning",
    ),
]
"""Questions whose subject is a known slot: the label used in the memory and the slot's topic."""
_ASKED_FILLER = {
    "kind",
    "type",
    "sort",
    "favourite",
    "favorite",
    "usual",
    "go-to",
    "main",
    "current",
    "any",
    "anything",
    "something",
    "really",
    "mind",
    "asking",
    "ask",
    "there",
    "these",
    "days",
    "lately",
    "much",
    "most",
}
_ASKED_FRAMES = [
    re.compile(
        r"\b(?:what|which)\s+(?P<a>[a-z\-]+(?:\s+[a-z\-]+)?)\s+(?:is|are|was)\s+your\s+"
        r"(?P<b>[a-z\-]+(?:\s+[a-z\-]+)?)$",
        re.I,
    ),
    re.compile(r"\byour\s+(?P<b>[a-z\-]+(?:\s+[a-z\-]+){0,2})$", re.I),
    re.compile(
        r"\b(?:what|which)\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?(?P<b>[a-z\-]+(?:\s+[a-z\-]+)?)\s+"
        r"(?:do|did|are|have|would|will)\s+you\b",
        re.I,
    ),
    re.compile(
        r"\bwhere\s+do\s+you\s+(?:usually\s+)?(?:do\s+)?(?:your\s+)?(?P<b>[a-z\-]+(?:\s+[a-z\-]+)?)$", re.I
    ),
    re.compile(
        r"\b(?:do|are|have|did|were)\s+you\s+(?:ever\s+|still\s+|currently\s+)?(?P<v>[a-z]+)\s+"
        r"(?:any|a|an|some)\s+(?P<b>[a-z\-]+(?:\s+[a-z\-]+)?)$",
        re.I,
    ),
    re.compile(
        r"\b(?:do|are|have|did)\s+you\s+(?:ever\s+)?(?P<v>[a-z]+)\s+(?:anywhere|at\s+all|somewhere)$", re.I
    ),
]


def _asked_slot(assistant_text: str) -> tuple[str, str | None] | None:
    """What the assistant's closing question asked about the user: a label ("car colour",
    "supermarket") and the slot's topic, or None when it asked nothing about the user."""
    questions = [q for q in split_sentences(assistant_text.strip()) if q.strip().endswith("?")]
    if not questions:
        return None
    q = questions[-1].strip().rstrip("?").strip()
    parts = [p for p in re.split(r"\s*[,;:]\s*|\s+[-–—]+\s+", q) if re.search(r"\b(?:you|your)\b", p, re.I)]
    if not parts or _ASKED_SKIP.search(q + "?"):
        return None
    q = re.sub(r"^(?:so|and|also|ok|okay|oh|by\s+the\s+way|out\s+of\s+interest)\s+", "", parts[0], flags=re.I)
    q = re.sub(
        r"\s+(?:these\s+days|at\s+the\s+moment|right\s+now|nowadays|usually|most\s+often|to|in|at|with|for|"
        r"on)$",
        "",
        q,
        flags=re.I,
    )
    for pattern, label, topic in _ASKED_TOPICS:
        if pattern.search(q):
            if label == "dislikes":
                m = re.search(r"\b(?:any|a|an)\s+(?P<w>[a-z]+)\s+(?:that\s+)?you\b", q, re.I)
                noun = m.group("w") if m and m.group("w").lower() not in _ASKED_FILLER else "thing"
                return f"disliked {noun}", "dislikes"
            return label, topic
    for frame in _ASKED_FRAMES:
        m = frame.search(q)
        if not m:
            continue
        words = [w for w in (m.groupdict().get("b") or "").lower().split() if w not in _ASKED_FILLER]
        if "a" in m.groupdict() and m.group("a"):
            words += [w for w in m.group("a").lower().split() if w not in _ASKED_FILLER]
        verb = (m.groupdict().get("v") or "").lower()
        if verb in {"have", "own", "got", "do", "get", "keep", "play", "speak", "use", "follow", "support"}:
            verb = ""
        if verb and not words:
            words = [verb + ("ing" if not verb.endswith("ing") else "")]
        elif verb:
            words.append(f"({verb})")
        label = " ".join(words).strip()
        if not label or label in {"do", "doing", "think", "like"}:
            return None
        plural = words[0].endswith("s") and not words[0].endswith(("ss", "us"))
        if plural and len(words) == 1:
            label = label[:-2] if label.endswith(("ches", "shes", "xes", "sses")) else label[:-1]
        return label, None if plural or verb else label
    return None


_ANSWER_LEAD = re.compile(
    r"^(?:(?:yes|yep|yeah|yup|aye|sure|correct|indeed|right|oh|well|so|um|hmm|ha|haha|and|also|"
    r"that'?s\s+(?:right|correct|it)|it'?s|it\s+is|i'?d\s+say|definitely|absolutely)\b[\s,!.\-–—]*)+",
    re.I,
)
_NON_ANSWER = re.compile(
    r"^(?:not\s+(?:sure|really|telling|yet)|no\s+idea|dunno|i\s+don'?t|don'?t\s+know|why|none|nothing|nope|no\b|"
    r"nah|pass|skip|can'?t\s+remember|it\s+depends|depends|whatever|never\s+mind|rather\s+not|good\s+question|"
    r"hard\s+to\s+say|lol|haha|thanks|thank|ok|okay|hmm|maybe|i|i'm|i've|my|we|we're|our|you|can|could|would|what|"
    r"how|tell|give|please|pls|let's)\b",
    re.I,
)


def _answer_value(sentence: str) -> str | None:
    """The value a short reply gives ("Lidl, usually.", "Yep, a stonemason."), or None when the
    reply is not an answer (a question, a refusal, small talk or a whole statement)."""
    s = sentence.strip()
    if s.endswith("?") or is_sensitive(s, frozenset()):
        return None
    value = _ANSWER_LEAD.sub("", s).strip(" ,.!-–—")
    if not value or len(value.split()) > 8 or _NON_ANSWER.match(value) or _is_request(s):
        return None
    if not content_words(value):
        return None
    words = value.split()
    if (
        len(words) >= 3
        and re.fullmatch(r"[A-Za-z]+(?:ing|ed)", words[0])
        and words[0].lower() not in _ING_NOUNS
    ):
        return None
    return value


def _answer_candidate(asked: tuple[str, str | None], sentence: str, msg_id: str) -> Candidate | None:
    label, topic = asked
    value = _answer_value(sentence)
    if value is None:
        return None
    if topic == "name":
        name = re.search(r"\b[A-Z][a-z][\w'\-]*", value)
        if not name or _NOT_A_NAME.fullmatch(name.group(0)):
            return None
        return Candidate(
            kind=Kind.USER_PROFILE,
            content=f"The user's name is {name.group(0)}.",
            message_ids=[msg_id],
            topic="name",
            importance=IMPORTANCE_PROFILE,
        )
    value = re.sub(r"^(?:an?|the)\s+(?=\w)", "", value, flags=re.I) if topic == "job" else value
    content = _finish(f"The user's {label}: {value}")
    if topic == "job":
        content = _finish(f"The user's job: {value}")
    return Candidate(
        kind=Kind.USER_PROFILE,
        content=content,
        message_ids=[msg_id],
        topic=topic,
        importance=IMPORTANCE_PROFILE,
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
        asked: tuple[str, str | None] | None = None
        for msg in messages:
            if msg.role == "assistant":
                asked = _asked_slot(msg.content)
                continue
            if msg.role != "user" or not msg.content.strip():
                continue
            self._one_message(msg, existing, options, memories, forget, asked)
            asked = None
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
        asked: tuple[str, str | None] | None = None,
    ) -> None:
        sentences = split_sentences(msg.content.strip())
        if asked is not None and sentences:
            for i, sentence in enumerate(sentences):
                if i > 0 and not re.match(
                    r"^(?:(?:oh|and|also|ps)\s+)*(?:yes|yep|yeah|yup)\b", sentence, re.I
                ):
                    continue
                answer = _answer_candidate(asked, sentence, msg.id)
                if answer is not None:
                    memories.append(answer)
                    sentences = sentences[:i] + sentences[i + 1 :]
                    break
        pending_old: set[str] = set()
        prefix_hint = ""
        last_procedural: int | None = None
        categories = excluded_categories(options.user_profile_details)
        for sentence, from_sensitive, asserted in _message_units(sentences, categories):
            if from_sensitive:
                last_procedural, pending_old, prefix_hint = None, set(), ""
            if not sentence.strip():
                continue
            cmd = None if from_sensitive else (parse_command(sentence) or _memory_request(sentence))
            if cmd is not None:
                if cmd.action == "forget":
                    forget.append(cmd.content)
                    tail = _AFTER_RETRACTION.split(sentence, maxsplit=1)
                    if len(tail) == 2 and _FIRST_PERSON.search(tail[1]):
                        sentence = tail[1]
                    else:
                        continue
                else:
                    memories.append(remember_candidate(cmd, [msg.id]))
                    continue
            if options.procedural_memory_enabled:
                ptopic = _is_procedural(*_strip_discourse(sentence)) or _answer_rule(sentence)
                if ptopic == "procedural:":
                    ptopic = "procedural:general"
                if ptopic is None:
                    instruction = _trailing_instruction(sentence)
                    if instruction is not None:
                        sentence, ptopic = instruction
                follows_instruction = last_procedural is not None and last_procedural == len(memories) - 1
                if ptopic is not None and follows_instruction and re.match(r"^I\b", sentence):
                    ptopic = None
                if ptopic is not None:
                    memories.append(
                        Candidate(
                            kind=Kind.PROCEDURAL,
                            content=_procedural_content(sentence),
                            message_ids=[msg.id],
                            topic=None if ptopic == "procedural:general" else ptopic,
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
            clauses = [sentence] if _UPDATE_CUE.search(sentence) else _split_clauses(sentence)
            clauses = [
                part
                for clause in clauses
                for part in (
                    [clause]
                    if _statement(clause, pending_old, prefix_hint, asserted) is not None
                    else re.split(r",\s+(?=(?:I|I'm|I've|I'd|my|My)\b)", clause)
                )
            ]
            for clause in clauses:
                st = _statement(clause, pending_old, prefix_hint, asserted)
                if st is None:
                    continue
                if not st.content:
                    pending_old = st.old_words
                    prefix_hint = clause
                    continue
                pending_old, prefix_hint = set(), ""
                if _FRAGMENT.match(_strip_discourse(st.content)[0]):
                    continue
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
