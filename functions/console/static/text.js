// Pure helpers: the conversation box's `role: text` lines, times, and an update's diff.

const ROLES = new Set(["user", "assistant", "system"]);

// "user: I moved to Lyon" lines become messages; a line without a role continues the one before.
export function parseConversation(text) {
  const messages = [];
  const problems = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const match = /^\s*(user|assistant|system)\s*:\s?(.*)$/i.exec(line);
    if (match && ROLES.has(match[1].toLowerCase())) {
      messages.push({ type: "message", role: match[1].toLowerCase(), content: match[2] });
    } else if (line.trim() === "") {
      if (messages.length) messages[messages.length - 1].content += "\n";
    } else if (messages.length) {
      messages[messages.length - 1].content += `\n${line}`;
    } else {
      problems.push(`Line ${index + 1} does not start with "user:", "assistant:" or "system:".`);
    }
  });
  for (const message of messages) message.content = message.content.trim();
  const empty = messages.findIndex((m) => m.content === "");
  if (empty >= 0) problems.push(`Message ${empty + 1} is empty.`);
  if (!messages.length && !problems.length) problems.push("Write at least one line such as \"user: I moved to Lyon\".");
  return { messages, problems };
}

export function when(seconds) {
  if (seconds === null || seconds === undefined) return "never";
  const date = new Date(seconds * 1000);
  return date.toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
}

export function toLocalInput(seconds) {
  if (!seconds) return "";
  const date = new Date(seconds * 1000);
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value) {
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

// An update's memory_operations against what the scope held before: created / updated from → to / deleted.
export function diffOperations(operations, before) {
  return (operations || []).map((op) => {
    const item = op.memory_item || {};
    const earlier = item.memory_id ? before.get(item.memory_id) : undefined;
    if (op.kind === "create") return { change: "created", item, to: item.content };
    if (op.kind === "update") return { change: "updated", item, from: earlier, to: item.content };
    return { change: "deleted", item, from: earlier };
  });
}

export const KINDS = [
  ["user_profile", "Profile"],
  ["chat_summary", "Chat summaries"],
  ["procedural", "Procedures"],
];

export function kindLabel(kind) {
  const found = KINDS.find(([value]) => value === kind);
  return found ? found[1] : kind;
}
