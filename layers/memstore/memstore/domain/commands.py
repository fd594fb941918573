"""Explicit memory commands ("remember that …", "forget …") in the newest user message.

The contract applies these at once, before the 202, so they are recognised by a deterministic
parser rather than a model: the same text always gives the same command.

Recognition is by families, not by sentences: a *remember* is a keeping verb ("remember",
"jot down", "hang on to", "add … to your notes", "for future reference: …"), or a verb that
also means other things ("save", "pin", "keep a record") with a hand-over ("Pin this for me: …")
or a first-person statement after "note" ("Please note my mechanic works at …"; "Please note:
the meeting moved" is a remark to whoever reads it, not a fact about the user); a *forget* is
"forget"/"unlearn", a refusal to keep ("don't keep …", "no need to remember …"), a removal
verb ("delete", "wipe", "scrap", "let go of", …) whose object is plainly a memory ("… from your
notes", "… from whatever you've saved on me", "everything re …", "the info about …"), or a
retraction ("I take back what I said about …") that no new value follows. A removal verb
without such an object ("drop the emojis", "delete the last paragraph") is an editing request,
not a command."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel


class Command(BaseModel):
    action: Literal["remember", "forget"]
    content: str
    """For remember: the thing to keep, in the user's words ("my dentist is Dr. Halvorsen").
    For forget: a short phrase naming what to drop ("the Vespa")."""


_I = re.IGNORECASE

_LEAD = (
    r"(?:(?:oh|ok|okay|hey|hi|so|and|also|one\s+more\s+thing|last\s+thing|one\s+last\s+thing|actually|"
    r"btw|by\s+the\s+way|scrap\s+that|never\s*mind|wait|hmm+|um+|right|alright|ah|oh\s+yeah|"
    r"on\s+second\s+thought(?:s)?|quick\s+one|quick\s+thing|oh\s+and|anyway|anyways|listen|look|"
    r"thanks|thank\s+you|cheers|great|cool|perfect|sorry|please\s+note|fyi)\s*[,:!\-–—.]*\s*)*"
)
_POLITE = (
    r"(?:(?:please|pls|plz|kindly|just|now|then|also|go\s+ahead\s+and|feel\s+free\s+to|"
    r"you\s+(?:can|may|should|could)(?:\s+(?:just|now|also))?)\s+|"
    r"(?:can|could|would|will)\s+you\s+(?:please\s+|kindly\s+|just\s+|also\s+|now\s+)*|"
    r"(?:i|we)\s+(?:need|want|would\s+like|'d\s+like|d\s+like|would\s+love|'d\s+love)\s+you\s+to\s+"
    r"(?:please\s+|just\s+)?|"
    r"i'?d\s+(?:like|love)\s+you\s+to\s+|i'?d\s+(?:like|love)\s+it\s+if\s+you\s+(?:could|would)\s+|"
    r"(?:make\s+sure\s+(?:to|you)|be\s+sure\s+to|try\s+to|remember\s+to)\s+)*"
)

# --------------------------------------------------------------------------- remember

_BARE_KEEP = (
    r"remember|memori[sz]e|commit\s+(?:this\s+|that\s+|it\s+)?to\s+memory|keep\s+in\s+mind|bear\s+in\s+mind|"
    r"make\s+(?:a\s+)?(?:mental\s+)?note(?:\s+of)?|take\s+(?:a\s+)?note(?:\s+of)?|don'?t\s+forget|"
    r"do\s+not\s+forget|never\s+forget|don'?t\s+let\s+me\s+forget|do\s+not\s+let\s+me\s+forget|"
    r"never\s+let\s+me\s+forget"
)
"""Keeping verbs whose bare object is the thing kept ("remember my locker is 114")."""
_STRONG_KEEP = _BARE_KEEP + r"|(?:note|jot|write|put|take)\s+(?:(?:this|that|it)\s+)?down"
_WEAK_KEEP = (
    r"note|save|store|record|log|file(?:\s+(?:this|that|it))?\s+away|file|keep\s+track\s+of|"
    r"keep\s+(?:a\s+)?(?:record|note|log)(?:\s+of)?|make\s+(?:a\s+)?record(?:\s+of)?|pin|bookmark|stash|"
    r"(?:tuck|squirrel|stow|put)\s+(?:(?:this|that|it)\s+)?away|keep|hang\s+on\s*to|hold\s+on\s*to|hold\s+onto|hang\s+onto|"
    r"keep\s+hold\s+of|retain|add|put|pop|stick|chuck|throw"
)
_NOTES = (
    r"(?:notes?|memory|memories|records?|files?|profile|list|database|file\s+on\s+me|knowledge\s+base|"
    r"long[\s-]term\s+memory|memory\s+bank|brain)"
)
_WHERE_KEPT = (
    r"(?:(?:to|in|into|on|onto)\s+(?:your|the|my)\s+(?:\w+\s+)?" + _NOTES + r"(?:\s+(?:about|on|for)\s+me)?)"
)
_POINTER = r"(?:this|that|it|the\s+following|these|this\s+one|something|the\s+fact)"
_KEEP_FILLER = (
    r"(?:\s+(?:" + _POINTER + r"|for\s+me|for\s+later|for\s+the\s+future|for\s+future\s+reference|"
    r"for\s+next\s+time|going\s+forward|from\s+now\s+on|down|of|about(?:\s+me)?|please|pls|plz|"
    + _WHERE_KEPT
    + r"))*"
)
_REMEMBER_STRONG = re.compile(
    r"^"
    + _LEAD
    + _POLITE
    + r"(?:"
    + _STRONG_KEEP
    + r")"
    + _KEEP_FILLER
    + r"\s*(?:[:\-–—,]\s*|\s+that\s+)(?:that\s+)?(?P<rest>.+)$",
    _I,
)
_REMEMBER_BARE = re.compile(
    r"^" + _LEAD + _POLITE + r"(?:" + _BARE_KEEP + r")" + _KEEP_FILLER + r"\s+(?P<rest>.+)$",
    _I,
)
_REMEMBER_WEAK = re.compile(
    r"^" + _LEAD + _POLITE + r"(?:" + _WEAK_KEEP + r")"
    r"(?:\s+"
    + _POINTER
    + r")?(?:\s+(?:for\s+me|for\s+later|for\s+the\s+future|for\s+future\s+reference|down|away|please|"
    r"pls|plz|" + _WHERE_KEPT + r"))*"
    r"\s*(?:[:\-–—]\s*|,\s*that\s+|\s+that\s+)(?P<rest>.+)$",
    _I,
)
"""Verbs that also mean other things ("save me a seat", "keep going", "log in") keep only with
an explicit hand-over: a colon/dash or "that …"."""
_REMEMBER_ADD = re.compile(
    r"^" + _LEAD + _POLITE + r"(?:add|put|write|save|store|log|record|file|keep|pop|stick)\s+"
    r"(?P<rest>.+?)\s+" + _WHERE_KEPT + r"\s*[.!]*$",
    _I,
)
""""Add my new gym to your notes": the thing kept sits between the verb and where it is kept."""
_REMEMBER_PERSONAL = re.compile(
    r"^" + _LEAD + _POLITE + r"(?:note|jot|pin)\s+(?:(?:down|away|for\s+me|for\s+later)\s+)*"
    r"(?P<rest>(?:that\s+)?(?:my|our|i|i'm|i've|i'd|i'll|we|we're|we've)\s+.+)$",
    _I,
)
_STATEMENT_VERB = re.compile(
    r"^(?:that\s+)?(?:i|i'm|i've|i'd|i'll|we|we're|we've)\s+\w|"
    r"^(?:that\s+)?(?:my|our)\s+.*?(?:\b(?:is|are|was|were|has|have|had|can|can't|will|won't|does|did)|'s|'re|"
    r"\b[a-z]{2,}[^\Ws]s)\b\s+\S",
    _I,
)
"""'Please note my mechanic works at …': a first-person statement straight after "note" is the
thing kept; a bare possession ("log my run", "record my screen") is a task, not a fact."""
_NOTE_VERB = re.compile(_LEAD + _POLITE + r"note\b", _I)
_REMEMBER_PREFIX = re.compile(
    r"^"
    + _LEAD
    + r"(?:(?:please\s+)?(?:fyi|just\s+so\s+you\s+know|so\s+you\s+know|heads\s+up|note)\s*,?\s*)?"
    r"(?:for\s+(?:future\s+reference|the\s+future|later|next\s+time|your\s+(?:notes|records|memory|files)|"
    r"the\s+record|posterity)|future\s+reference|note\s+for\s+(?:later|the\s+future|you|your\s+files)|"
    r"note\s+to\s+(?:self|you)|something\s+to\s+remember|worth\s+remembering|"
    r"(?:please\s+)?(?:put|keep)\s+(?:this|it|that)\s+on\s+(?:the\s+)?record|on\s+the\s+record|"
    r"(?:a\s+)?(?:memo|reminder)\s+for\s+you)"
    r"\s*(?:[:\-–—]|,)\s*(?:that\s+)?(?P<rest>.+)$",
    _I,
)
_REMEMBER_TRAILING = re.compile(
    r"^(?P<rest>.+?)\s*(?:[,;]|\s[-–—])\s*(?:so\s+|and\s+)?(?:please\s+)?(?:(?:can|could|will)\s+you\s+)?"
    r"(?:remember|note|make\s+a\s+note\s+of|keep\s+in\s+mind|bear\s+in\s+mind|don'?t\s+forget|jot|write|"
    r"save|store|log|file|hang\s+on\s+to|hold\s+on\s+to|keep\s+track\s+of)\s+(?:that|this|it)"
    r"(?:[,\s]+(?:down|away|for\s+me|for\s+later|for\s+the\s+future|please|thanks|" + _WHERE_KEPT + r"))*"
    r"(?:[,\s]+(?:ok(?:ay)?|alright|right|yeah|will\s+you|would\s+you|won'?t\s+you|please|thanks)\s*[.!?]*|\s*[.!]*)$",
    _I,
)
""""My locker is 114 - remember that." The statement comes first, the command last."""
_REMEMBER_POINTER = re.compile(
    r"^"
    + _LEAD
    + _POLITE
    + r"(?:"
    + _STRONG_KEEP
    + r"|"
    + _WEAK_KEEP
    + r")\s+"
    + _POINTER
    + r"(?:\s+(?:down|away|for\s+me|for\s+later|for\s+the\s+future|please|ok(?:ay)?|"
    + _WHERE_KEPT
    + r"))*"
    r"\s*(?P<end>[.!:]*)$",
    _I,
)
"""A sentence that is only the command ("Remember that.", "Note the following:"): what to keep
is the neighbouring sentence."""
_REMEMBER_TAIL = re.compile(
    r"(?:\s*[,\-–—]?\s*(?:ok(?:ay)?|please|thanks|thank\s+you|cheers|alright|right|will\s+you|won't\s+you|"
    r"for\s+me|for\s+later|for\s+the\s+future|going\s+forward|from\s+now\s+on|yeah|ta|"
    r"would\s+you|if\s+you\s+(?:can|could|don't\s+mind)|" + _WHERE_KEPT + r")\s*)+$",
    _I,
)
_PERSONAL = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|my|me|mine|we|we're|our|us|ours)\b", _I)
"""Without one of these, "note that …" is usually a remark about the topic, not about the user."""
_NOT_REMEMBERED = re.compile(
    r"^(?:when|what|how|if|whether|who|where|why|which|to\s+(?:call|buy|get|book|pay|pick|take|send|"
    r"email|text|ring|check|do|bring|make|ask|tell|remind|water|feed|cancel|renew)|in\s+(?:the\s+)?fridge)\b",
    _I,
)
"""What a keeping verb can be followed by without keeping a fact: questions ("remember when …")
and reminders ("don't forget to call mum")."""

# --------------------------------------------------------------------------- forget

_REMOVE = (
    r"(?:delete|erase|remove|wipe(?:\s+out)?|drop|scrub|purge|clear(?:\s+out)?|discard|ditch|bin|toss|trash|"
    r"get\s+rid\s+of|throw\s+(?:out|away)|strike|cross\s+(?:out|off)|take\s+out|lose|expunge|unlearn|"
    r"obliterate|nuke|scratch|scrap|remove\s+all\s+trace\s+of|let\s+go\s+of|cancel|junk|dump|axe|shred|zap|"
    r"chuck(?:\s+(?:out|away))?|bin\s+off|do\s+away\s+with|dispose\s+of)"
)
_FORGET_PLAIN = (
    r"(?:forget(?:\s+all)?(?:\s+about)?|unlearn|"
    r"(?:don'?t|do\s+not|never|no\s+need\s+to|there'?s\s+no\s+need\s+to|you\s+don'?t\s+need\s+to|"
    r"no\s+longer|stop|quit)\s+(?:keep(?:ing)?\s+(?:track|notes?|a\s+(?:note|record)|records)\s+(?:of|on|about)|"
    r"remember(?:ing)?|keep(?:ing)?|stor(?:e|ing)|sav(?:e|ing)|"
    r"hold(?:ing)?\s+on\s*to|hang(?:ing)?\s+on\s*to|record(?:ing)?|retain(?:ing)?|track(?:ing)?|"
    r"log(?:ging)?|not(?:e|ing)|memori[sz](?:e|ing))|"
    r"i\s+(?:don'?t|do\s+not|no\s+longer)\s+want\s+you\s+to\s+(?:remember|keep|store|save|know|hold\s+on\s*to|"
    r"record|retain|have)|"
    r"i'?d\s+(?:rather|prefer)\s+(?:it\s+if\s+)?you\s+(?:didn'?t|did\s+not|not|don'?t)\s+(?:remember|keep|store|"
    r"save|hold\s+on\s*to|record|retain|know\s+about|know)|"
    r"i\s+(?:want|need)\s+you\s+to\s+(?:stop|quit)\s+(?:remembering|keeping|storing|tracking))"
)
_NOT_NOTES = (
    r"(?:essay|draft|email|e-mail|message|text|letter|doc|document|code|file\s+i|list\s+of|paragraph|sentence|"
    r"answer|answers|reply|replies|response|responses|post|story|report|slide|slides|spreadsheet|table|"
    r"photo|picture|image|recipe|cart|basket|calendar|schedule|playlist|page|website|article|cv|resume|"
    r"summary|translation|output|script|poem|song|chat|thread|group|team|account|phone|laptop|computer)"
)
_HELD_SOURCE = (
    r"(?:from|out\s+of)\s+(?:whatever|what|everything|anything|all(?:\s+(?:that|the\s+stuff))?|the\s+stuff)\s+"
    r"(?:that\s+)?you(?:'ve|\s+have|'ve\s+got|\s+have\s+got)?\s+(?:got|saved|stored|kept|noted|recorded|know|have|"
    r"collected|gathered|remember|logged|filed|learned|learnt)(?:\s+(?:down|away|up))?"
    r"(?:\s+(?:on|about|for|of|re)\s+(?:me|us|the\s+user))?"
)
"""Where a removal verb's object is kept, named by what the assistant holds: "… from whatever
you've saved on me", "… out of everything you know about me"."""
_FROM_NOTES = re.compile(
    r"\b" + _HELD_SOURCE + r"\b|"
    r"\bfrom\s+(?:your|the|my|all\s+(?:of\s+)?your|our)\s+(?:\w+\s+)?" + _NOTES + r"\b|\bfrom\s+memory\b|"
    r"\bout\s+of\s+(?:your|the)\s+" + _NOTES + r"\b",
    _I,
)
_FROM_ELSEWHERE = re.compile(r"\bfrom\s+(?:the|this|that|my|your|our)\s+(?:\w+\s+)?" + _NOT_NOTES + r"\b", _I)
_HELD = (
    r"(?:(?:i|you)(?:'ve|'d|\s+have|\s+had)?(?:\s+ever|\s+already)?\s+(?:said|told\s+you|mentioned|shared|"
    r"wrote|written|brought\s+up|got|gotten|know|have|stored|saved|noted|kept|recorded|remember|learned|learnt|"
    r"heard|picked\s+up|collected|gathered)|you\s+know|there\s+is|is\s+stored|you'?ve\s+got\s+(?:stored|saved))"
    r"(?:\s+(?:down|stored|saved|noted|on\s+file|in\s+(?:your\s+)?(?:notes|memory)))?"
)
_NOTE_NOUN = (
    r"(?:memory|memories|notes?|records?|entry|entries|info|information|details?|data|facts?|mentions?|"
    r"references?|traces?|lines?|bits?|parts?|things?|stuff|pieces?|story|stories|bits\s+and\s+pieces|"
    r"comments?|remarks?|words)"
)
_ABOUT = r"(?:about|regarding|concerning|on|of|re|around|related\s+to|to\s+do\s+with|where\s+i\s+(?:said|mentioned|talked\s+about))"
_MEMORY_OBJECT = re.compile(
    r"^(?:(?:all|everything|anything|whatever|what|the\s+stuff|the\s+things?|that)(?:\s+(?:that|else))?\s+"
    + _HELD
    + r"|(?:the|that|this|those|these|any|all|every|my|your|each)\s+(?:\w+\s+)?"
    + r"(?:memory|memories|notes?|records?|entry|entries|info|information|details?|data|facts?|mentions?|"
    r"references?|traces?)\s+"
    + _ABOUT
    + r"|(?:all|everything|anything|what)\s+(?:you\s+know\s+)?"
    + _ABOUT
    + r")\b",
    _I,
)
"""The object of a removal verb that can only be a memory: "whatever you've got on …",
"everything you know about …", "any mention of …", "the notes on …"."""
_SOFT_OBJECT = re.compile(
    r"^(?:the|that|this)\s+(?:\w+\s+)?(?:bit|bits|part|parts|thing|things|stuff|piece|story|line)\s+"
    r"(?:about|regarding|concerning|on|where\s+i)\b",
    _I,
)
""""the bit about …": a memory when nothing says it is part of a text ("… from the essay")."""
_PRIVATE_REASON = re.compile(
    r"\b(?:it'?s|that'?s|this\s+is|it\s+is|that\s+is|that\s+was|it\s+was)\s+(?:\w+\s+)?(?:private|personal|"
    r"confidential|sensitive|none\s+of\s+your\s+business|nobody'?s\s+business)\b|"
    r"\bi\s+(?:shouldn'?t|should\s+not|should\s+never)\s+have\s+(?:said|told|shared|mentioned)|"
    r"\bi\s+(?:regret|wish\s+i\s+hadn'?t)\s+(?:telling|sharing|mentioning|said|told|shared)|"
    r"\bi'?d\s+rather\s+you\s+(?:didn'?t|did\s+not)\s+(?:know|keep|remember)",
    _I,
)
_FORGET_PLAIN_RE = re.compile(r"^" + _LEAD + _POLITE + _FORGET_PLAIN + r"\s+(?P<rest>.+)$", _I)
_FORGET_REMOVE_RE = re.compile(r"^" + _LEAD + _POLITE + _REMOVE + r"\s+(?P<rest>.+)$", _I)
_FORGET_OUT_OF = re.compile(
    r"^"
    + _LEAD
    + _POLITE
    + r"(?:take|leave|keep|get|cut)\s+(?P<rest>.+?\s+out\s+of\s+(?:your|the)\s+(?:\w+\s+)?"
    + _NOTES
    + r")\b.*$",
    _I,
)
"""A removal by leaving out: "Take the karaoke night out of your notes"."""
_FORGET_IDIOM = re.compile(
    r"\b(?:for\s+(?:a\s+(?:bit|while|moment|second|minute|sec)|now|today|tonight|the\s+(?:weekend|evening|day))|"
    r"and\s+(?:then\s+)?(?:tell|give|let'?s|help|show|talk|focus|relax|enjoy|have|watch|write|make))\b",
    _I,
)
"""How "forget about work for a bit and tell me a joke" says "stop thinking about", not "delete" a memory."""
_FORGET_LATE = re.compile(
    r"^" + _LEAD + r"(?:(?:that|the)\s+(?:\w+\s+)?(?:bit|part|thing|stuff|story|info|news)\s+"
    r"(?:about|regarding|on|with)\s+)(?P<rest>.+?)\s*(?:[?,;]|\s[-–—])\s*(?:please\s+|just\s+|can\s+you\s+|"
    r"could\s+you\s+)*(?:forget|delete|erase|wipe|scrap|scratch|drop|bin|ditch|remove|lose)\s+"
    r"(?:it|that|all\s+of\s+that|about\s+it|the\s+lot)\b.*$",
    _I,
)
""""That thing about the hot tub - forget it." The object comes first."""
_FORGET_HEAD = re.compile(
    r"^(?:"
    r"(?:all|everything|anything|whatever|what|the\s+stuff|the\s+things?)(?:\s+(?:that|else))?"
    r"(?:\s+" + _HELD + r")?\s+" + _ABOUT + r"\s+|"
    r"(?:the|that|this|those|these|any|all|every|my|your|each)\s+(?:\w+\s+)?"
    + _NOTE_NOUN
    + r"(?:\s+(?:you\s+have|you've\s+got|you\s+keep|you\s+hold|i\s+gave\s+you|you\s+made))?\s+"
    + _ABOUT
    + r"\s+|"
    r"(?:that\s+)?(?:i\s+(?:ever\s+)?(?:said|mentioned|told\s+you|brought\s+up|talked\s+about)|"
    r"i\s+(?:was|am|'m)\s+(?:thinking|talking)\s+about)(?:\s+anything)?\s+(?:about\s+|regarding\s+|of\s+)?(?=\S)|"
    r"(?:about|regarding|concerning|anything\s+about|all\s+about)\s+|"
    r"the\s+fact\s+that\s+|that\s+(?!is\b|was\b|'s\b)"
    r")+",
    _I,
)
_NOTES_TAIL = (
    r"(?:\s+(?:from|out\s+of)\s+(?:your|the|my|all\s+(?:of\s+)?your|our)\s+(?:\w+\s+)?"
    + _NOTES
    + r"|\s+from\s+memory|\s+"
    + _HELD_SOURCE
    + r")"
)
_FORGET_TAIL = re.compile(
    r"(?:"
    + _NOTES_TAIL
    + r"|\s+(?:please|pls|for\s+me|entirely|completely|altogether|totally|fully|for\s+good|"
    r"permanently|forever|now|right\s+now|right\s+away|immediately|asap|anymore|any\s+more|too|as\s+well|"
    r"if\s+you\s+(?:can|could|don't\s+mind|would|wouldn't\s+mind)|thanks|thank\s+you|ok(?:ay)?|then|again|"
    r"all\s+of\s+it|the\s+lot|(?:that|which)\s+i\s+(?:told\s+you|mentioned|said|shared)(?:\s+earlier|\s+before)?|"
    r"(?:i\s+)?(?:told\s+you|mentioned|shared)\s+(?:earlier|before|last\s+time|the\s+other\s+day)|"
    r"earlier|before))\s*$",
    _I,
)
_FORGET_CUT = re.compile(
    r"[,;!?:]|(?<!\bmr)(?<!\bms)(?<!\bdr)(?<!\bst)(?<!\bmrs)(?<!\bjr)(?<!\bsr)\.(?=\s|$)|\s+[-–—]+\s+|"
    r"\s+(?:because|since|as|cause|'cause|cos|coz|it's|it\s+is|that's|that\s+was|which\s+(?:is|was)|"
    r"we\s+(?:broke|split|called|cancelled|canceled|decided|aren't|are\s+not)|"
    r"i\s+(?:don't|do\s+not|no\s+longer|changed|decided|shouldn't|should\s+not|never|regret)|"
    r"and\s+(?:then\s+)?(?:tell|give|let|help|show|start|just|also|move|focus|talk|don't|do\s+not)|instead)\b",
    _I,
)
_NOT_A_FORGET_OBJECT = re.compile(
    r"^(?:(?:it|that|this|those|these|them|him|her|me|you|us|everything|anything|all|all\s+of\s+it|"
    r"all\s+that|the\s+rest|stuff|things|about\s+it|about\s+that|it\s+all|the\s+lot|"
    r"everything\s+(?:i\s+(?:said|told\s+you)|you\s+know)|my\s+(?:keys|password|umbrella|wallet|phone))\s*|"
    r"(?:i|you|we|he|she|they|it's|i'm|let's|to|how|where|why|when|what|who|if|whether)\b.*)$",
    _I,
)
_EDIT_OBJECT = re.compile(
    r"^(?:the\s+|that\s+|this\s+|those\s+|these\s+|all\s+(?:the\s+)?|any\s+)?(?:\w+\s+)?(?:last|first|second|"
    r"previous|next|final|above|below|bold|extra)?\s*(?:emojis?|emoticons?|exclamation\s+marks?|"
    r"paragraphs?|sentences?|lines?|bullets?|bullet\s+points?|headings?|formatting|jargon|fluff|intro|outro|"
    r"preamble|disclaimers?|caveats?|links?|hashtags?|words?|commas?|spaces?|typos?|tables?|columns?|rows?|"
    r"section|sections|slides?|pages?|images?|photos?|files?|attachments?|messages?|emails?|tabs?|apps?|"
    r"cookies|cache|history|account|subject|topic|act|attitude|tone|pleasantries)\b",
    _I,
)
"""What "drop"/"delete"/"clear" act on in a conversation that is not a memory."""

_SENTENCE_END = re.compile(r"[.!?]+[\"'”’)]*\s+(?=\S)|\n+")
_ABBREVIATION = re.compile(
    r"(?:\b(?:dr|mr|mrs|ms|mx|prof|st|sr|jr|mt|vs|etc|no|approx|dept|inc|ltd|co|e\.g|i\.e|a\.m|p\.m)|"
    r"\b[A-Za-z])\.$",
    re.IGNORECASE,
)


def split_sentences(text: str) -> list[str]:
    """Sentences of a chat message; abbreviations such as "Dr." or "e.g." do not end one."""
    out: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        piece = text[start : m.end()].rstrip()
        if m.group(0).strip() == "." and _ABBREVIATION.search(piece):
            continue
        if piece.strip():
            out.append(piece.strip())
        start = m.end()
    tail = text[start:].strip()
    if tail:
        out.append(tail)
    return out


def _clean_remember(rest: str) -> str:
    rest = rest.strip().strip("\"'“”")
    rest = re.sub(r"[.!?]+$", "", rest).strip()
    rest = _REMEMBER_TAIL.sub("", rest).strip(" ,;:-–—")
    return rest.strip("\"'“”")


def _remembered(rest: str) -> Command | None:
    content = _clean_remember(rest)
    if len(content.split()) < 2 or _NOT_REMEMBERED.match(content):
        return None
    return Command(action="remember", content=content)


def _clean_forget(rest: str) -> str:
    phrase = _FORGET_CUT.split(rest.strip(), maxsplit=1)[0]
    prev = None
    while prev != phrase:
        prev = phrase
        phrase = _FORGET_HEAD.sub("", phrase.strip())
        phrase = _FORGET_TAIL.sub("", phrase).strip()
    return phrase.strip(" \"'“”")


_SAID_CLAUSE = re.compile(
    r"^(?:i|we)\s+(?:ever\s+)?(?:said|told\s+you|mentioned|wrote|typed)\s+(?:that\s+|about\s+)?(?P<fact>.+)$", _I
)
_VACUOUS = frozenset(
    "said told mentioned asked anything something everything nothing ever that this about really never just "
    "like said thing stuff things".split()
)


_SUBJECT_AND_VERB = re.compile(
    r"^(?:i|we)(?:'m|'ve|'d|'ll)?\s+(?:(?:am|was|were|have|had|do|did|don't|can|will|would|really|also|"
    r"still|just|used\s+to|ever|never|now)\s+)*(?:[a-z]+(?:'[a-z]+)?)\s+(?P<object>.+)$",
    _I,
)


def _first_person_fact(phrase: str) -> str | None:
    """"Forget that I like jazz": a clause about the user names the thing to forget after its
    subject and verb ("jazz"), so that consolidation does not delete every memory that merely
    shares the verb. "Forget I said anything" / "forget I asked" name nothing."""
    if not re.match(r"(?:i|we)\b", phrase, _I):
        return None
    said = _SAID_CLAUSE.match(phrase)
    fact = said.group("fact") if said else phrase
    clause = _SUBJECT_AND_VERB.match(fact)
    thing = clause.group("object") if clause else fact
    words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'\-]+", thing)]
    if not any(len(w) >= 3 and w not in _VACUOUS for w in words):
        return None
    return thing.strip()


def _forgotten(rest: str) -> Command | None:
    phrase = _clean_forget(rest)
    if not phrase:
        return None
    if _NOT_A_FORGET_OBJECT.match(phrase):
        fact = _first_person_fact(phrase)
        return Command(action="forget", content=fact) if fact else None
    return Command(action="forget", content=phrase)


def _is_memory_removal(rest: str, sentence: str) -> bool:
    """Whether a removal verb's object is a memory rather than a piece of text or a habit."""
    if _FROM_NOTES.search(rest) or _MEMORY_OBJECT.match(rest):
        return True
    if _FROM_ELSEWHERE.search(rest) or _EDIT_OBJECT.match(rest):
        return False
    return bool(_SOFT_OBJECT.match(rest)) or bool(_PRIVATE_REASON.search(sentence))


def _parse_sentence(sentence: str) -> Command | None:
    s = sentence.strip()
    for pattern in (_REMEMBER_PREFIX, _REMEMBER_ADD, _REMEMBER_STRONG, _REMEMBER_WEAK, _REMEMBER_BARE):
        m = pattern.match(s)
        if m:
            if pattern is _REMEMBER_WEAK and _NOTE_VERB.match(s) and not _PERSONAL.search(m.group("rest")):
                continue
            if pattern in (_REMEMBER_STRONG, _REMEMBER_BARE) and re.match(
                _LEAD
                + _POLITE
                + r"(?:don'?t|do\s+not|never)\s+forget\s+(?:about\s+)?(?:to\b|it\b|that\s*[.!]*$)",
                s,
                _I,
            ):
                return None
            cmd = _remembered(m.group("rest"))
            if cmd is not None:
                return cmd
    m = _REMEMBER_PERSONAL.match(s)
    if m and _STATEMENT_VERB.match(m.group("rest")):
        cmd = _remembered(m.group("rest"))
        if cmd is not None:
            return cmd
    m = _REMEMBER_TRAILING.match(s)
    if m and not _REMEMBER_POINTER.match(s):
        cmd = _remembered(m.group("rest"))
        if cmd is not None:
            return cmd
    if re.match(_LEAD + _POLITE + r"(?:don'?t|do\s+not|never)\s+forget\b", s, _I):
        return None
    m = _FORGET_PLAIN_RE.match(s)
    if m:
        if _FORGET_IDIOM.search(m.group("rest")):
            return None
        return _forgotten(m.group("rest"))
    m = _FORGET_OUT_OF.match(s)
    if m:
        return _forgotten(m.group("rest"))
    m = _FORGET_REMOVE_RE.match(s)
    if m and _is_memory_removal(m.group("rest"), s):
        return _forgotten(m.group("rest"))
    m = _FORGET_LATE.match(s)
    if m:
        return _forgotten(m.group("rest"))
    return _retraction(s)


_RETRACT = re.compile(
    r"^" + _LEAD + _POLITE + r"(?:i\s+(?:(?:want|would\s+like|'d\s+like|need)\s+to\s+)?)?"
    r"(?:take\s+back|retract|withdraw|unsay|walk\s+back|rescind|un-?say)\s+"
    r"(?P<rest>(?:(?:all\s+)?(?:what|everything|anything|all|the\s+(?:thing|bit|stuff|part)s?|that\s+bit|"
    r"my\s+(?:comment|remark|words))\s+(?:(?:that\s+)?i\s+(?:ever\s+)?(?:said|told\s+you|mentioned|shared|wrote)\s+)?"
    + _ABOUT
    + r"\s+.+))$",
    _I,
)
"""Retracting what was said ("I take back what I said about the campervan") withdraws it from
memory, unless a new value follows, which makes it a correction for the extractor."""
_REMOVAL_REQUEST = re.compile(
    r"(?:[,;:]|\s[-–—]|\band\b)\s*(?:so\s+)?(?:please\s+|pls\s+|just\s+|can\s+you\s+|could\s+you\s+)*"
    r"(?:forget|delete|erase|remove|wipe|scrap|drop|bin|ditch|lose|scratch|clear|purge|"
    r"(?:don'?t|do\s+not|no\s+need\s+to)\s+(?:keep|remember|store|save))\b",
    _I,
)
_REPLACEMENT = re.compile(
    r"\b(?:now|these\s+days|nowadays|instead|anymore|any\s+more|switched|changed|moved\s+(?:on\s+)?to|"
    r"replaced|actually|it'?s\s+\w+\s+now|i'?m\s+(?:into|on|doing)|i\s+(?:prefer|use|drink|eat|play|go))\b",
    _I,
)


def _retraction(sentence: str) -> Command | None:
    m = _RETRACT.match(sentence)
    if m is None:
        return None
    rest = m.group("rest")
    cut = re.search(r"[,;]|\s[-–—]\s", rest)
    tail = rest[cut.start() :] if cut else ""
    if tail and not _REMOVAL_REQUEST.match(tail) and _REPLACEMENT.search(tail):
        return None
    return _forgotten(rest)


def _statement(sentence: str) -> bool:
    s = sentence.strip()
    return bool(s) and not s.endswith("?") and _parse_sentence(s) is None and len(s.split()) >= 3


def parse_command(text: str) -> Command | None:
    """The explicit command in `text` (the newest user message), or None.

    A command opens one of the message's sentences: "Please forget about the Vespa.",
    "Could you remember that my dentist is Dr. Halvorsen?", "For future reference: …",
    "Can you wipe the bit about the treehouse?"; or closes a statement ("My locker is 114 -
    remember that."). A bare "Remember this:" keeps the next sentence, a bare "Note that."
    the previous one. Past-tense mentions ("I forgot my keys"), questions about memory ("how do I
    forget …") and editing requests ("drop the emojis") are not commands."""
    if not text or not text.strip():
        return None
    sentences = split_sentences(text.strip())
    for i, sentence in enumerate(sentences):
        cmd = _parse_sentence(sentence)
        if cmd is not None:
            return cmd
        pointer = _REMEMBER_POINTER.match(sentence.strip())
        if pointer is None:
            continue
        forward = ":" in pointer.group("end") or re.search(r"following\W*$", sentence, _I)
        neighbour = sentences[i + 1] if forward and i + 1 < len(sentences) else None
        if neighbour is None and not forward and i > 0:
            neighbour = sentences[i - 1]
        if neighbour is not None and _statement(neighbour):
            cmd = _remembered(neighbour)
            if cmd is not None:
                return cmd
    return None
