// The memory console: stores → scopes → memories, search, updates, and what the lifecycle routes
// add when the API answers them. Every call goes to the API this page came from.
import { Api, ApiError, describe, listAll } from "./api.js";
import { KINDS, diffOperations, fromLocalInput, kindLabel, parseConversation, toLocalInput, when } from "./text.js";

const api = new Api(new URL(".", window.location.href));
const PAGE = 20;
const POLL_MS = 800;
const snapshots = new Map(); // update id → memory id → content, taken when the console submitted it
const commandsOf = new Map(); // update id → the memory_commands its submission answered
const drafts = new Map(); // what was typed in a form, kept across failures and navigation
const recentScopes = new Map(); // store → scopes opened in this tab
let viewToken = 0;
let rendered = false;

// ------------------------------------------------------------------ DOM helpers
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  let value;
  for (const [key, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), v);
    else if (key === "value") value = v;
    else if (key === "class") el.className = v;
    else el.setAttribute(key, v === true ? "" : String(v));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  if (value !== undefined) el.value = value;
  return el;
}

let ids = 0;
function field(label, control, hint) {
  const id = control.id || `f${++ids}`;
  control.id = id;
  const hintEl = hint ? h("span", { class: "hint", id: `${id}-hint` }, hint) : null;
  if (hintEl) control.setAttribute("aria-describedby", hintEl.id);
  return [h("label", { for: id }, label), control, hintEl];
}

function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

function checkbox(label, checked, name) {
  const input = h("input", { type: "checkbox", name, id: `f${++ids}` });
  input.checked = checked;
  return h("label", { class: "check", for: input.id }, input, label);
}

function facts(pairs) {
  return h("dl", { class: "facts" }, pairs.filter(Boolean).map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

function link(text, hash) { return h("a", { href: hash }, text); }

function hashFor(...parts) { return `#/${parts.map((p) => encodeURIComponent(p)).join("/")}`; }
const storeHash = (store) => hashFor("store", store);
const scopeHash = (store, scope) => hashFor("store", store, "scope", scope);
const memoryHash = (store, scope, id) => hashFor("store", store, "scope", scope, "memory", id);
const updateHash = (store, scope, id) => hashFor("store", store, "scope", scope, "update", id);

function path(...parts) { return parts.map((p, i) => (i === 0 ? p : encodeURIComponent(p))).join("/"); }
const storePath = (store) => path("/memory_stores", store);
const itemsPath = (store) => `${storePath(store)}/items`;
const itemPath = (store, id) => path(itemsPath(store), id);

// ------------------------------------------------------------------ messages
const alertBox = () => document.getElementById("alert");
function showError(error) {
  const box = alertBox();
  box.textContent = describe(error);
  box.hidden = false;
  if (!(error instanceof ApiError)) console.error(error);
}
function clearError() { alertBox().hidden = true; alertBox().textContent = ""; }
let saidSinceRender = false;
function say(text) {
  document.getElementById("status").textContent = text;
  saidSinceRender = true;
}

// Runs a request for a form: the button is busy meanwhile; on failure the API's words are shown
// and nothing the user typed is touched.
async function attempt(button, work) {
  clearError();
  if (button) button.disabled = true;
  try {
    return await work();
  } catch (error) {
    showError(error);
    return undefined;
  } finally {
    if (button) button.disabled = false;
  }
}

function keep(key, control) {
  if (drafts.has(key)) control.value = drafts.get(key);
  control.dataset.draft = key;
  control.addEventListener("input", () => drafts.set(key, control.value));
  return control;
}

function confirmDialog({ title, text, action, typed }) {
  return new Promise((resolve) => {
    const input = typed ? h("input", { type: "text", autocomplete: "off", spellcheck: "false" }) : null;
    const ok = h("button", { type: "submit", class: "danger", disabled: Boolean(typed) }, action);
    const cancel = h("button", { type: "button", class: "secondary" }, "Cancel");
    const form = h("form", { class: "stack" },
      h("h2", { id: "dialog-title" }, title),
      h("p", {}, text),
      typed ? field(["Type ", h("code", {}, typed), " to confirm"], input) : null,
      h("div", { class: "actions" }, cancel, ok));
    const dialog = h("dialog", { "aria-labelledby": "dialog-title" }, form);
    let answered = false;
    const finish = (answer) => {
      if (answered) return;
      answered = true;
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    if (input) input.addEventListener("input", () => { ok.disabled = input.value !== typed; });
    form.addEventListener("submit", (event) => { event.preventDefault(); if (!typed || input.value === typed) finish(true); });
    cancel.addEventListener("click", () => finish(false));
    dialog.addEventListener("cancel", () => finish(false));
    document.body.append(dialog);
    dialog.showModal();
    (input || cancel).focus();
  });
}

// ------------------------------------------------------------------ routing
function route() {
  const raw = window.location.hash;
  if (raw && !raw.startsWith("#/")) return null;
  const parts = raw.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { view: "stores" };
  if (parts[0] !== "store" || parts.length < 2) return { view: "stores" };
  const store = parts[1];
  if (parts.length === 2) return { view: "store", store };
  if (parts[2] === "audit") return { view: "audit", store, scope: parts[3] };
  if (parts[2] !== "scope" || parts.length < 4) return { view: "store", store };
  const scope = parts[3];
  if (parts[4] === "memory" && parts[5]) return { view: "memory", store, scope, id: parts[5] };
  if (parts[4] === "update" && parts[5]) return { view: "update", store, scope, id: parts[5] };
  return { view: "scope", store, scope };
}

function crumbs(where) {
  const items = [link("Stores", "#/")];
  if (where.store) items.push(link(where.store, storeHash(where.store)));
  if (where.scope !== undefined) items.push(link(`Scope ${where.scope}`, scopeHash(where.store, where.scope)));
  if (where.view === "audit") items.push(h("span", {}, "Audit"));
  if (where.view === "memory") items.push(h("span", {}, where.id));
  if (where.view === "update") items.push(h("span", {}, where.id));
  const last = items[items.length - 1];
  last.setAttribute("aria-current", "page");
  document.getElementById("crumbs").replaceChildren(h("ol", {}, items.map((i) => h("li", {}, i))));
}

const VIEWS = { stores: storesView, store: storeView, scope: scopeView, memory: memoryView, update: updateView, audit: auditView };

async function render() {
  const where = route();
  if (!where) return;
  const token = ++viewToken;
  clearError();
  // What was said survives the navigation it announced, not the next one.
  if (!saidSinceRender) document.getElementById("status").textContent = "";
  saidSinceRender = false;
  crumbs(where);
  const main = document.getElementById("main");
  main.setAttribute("aria-busy", "true");
  let content;
  try {
    content = await VIEWS[where.view](where, () => token === viewToken);
  } catch (error) {
    content = h("div", {}, h("h1", {}, "Could not load this view"), h("p", {}, "The API answered:"), h("p", {}, describe(error)),
      h("p", {}, link("Back to the stores", "#/")));
  }
  if (token !== viewToken) return;
  // what was typed while the view loaded (into the view it replaces) is not lost
  for (const control of content.querySelectorAll("[data-draft]")) {
    if (drafts.has(control.dataset.draft)) control.value = drafts.get(control.dataset.draft);
  }
  main.replaceChildren(content);
  main.removeAttribute("aria-busy");
  const heading = main.querySelector("h1");
  if (heading) heading.tabIndex = -1;
  // After a navigation, focus moves to the new view's title; the first load leaves it at the top.
  if (heading && rendered) heading.focus();
  rendered = true;
}

// ------------------------------------------------------------------ stores
async function storesView() {
  const list = h("ul", { class: "cards", "aria-label": "Memory stores" });
  const more = h("button", { type: "button", class: "secondary", hidden: true }, "Show more stores");
  let after;
  const load = async () => {
    const page = await api.get("/memory_stores", { limit: PAGE, after });
    for (const store of page.data) list.append(storeCard(store));
    after = page.next_after || page.last_id;
    more.hidden = !page.has_more;
    return page;
  };
  more.addEventListener("click", () => attempt(more, load));
  const first = await load();
  const empty = first.data.length === 0 ? h("p", {}, "No memory stores yet. Create one below.") : null;
  return h("div", {},
    h("h1", {}, "Memory stores"),
    empty, list, more,
    createStoreForm());
}

function storeCard(store) {
  const def = store.definition || {};
  return h("li", {},
    h("h2", {}, link(store.name, storeHash(store.name))),
    store.description ? h("p", {}, store.description) : null,
    facts([
      ["Chat model", h("code", {}, def.chat_model || "default")],
      ["Embedding model", h("code", {}, def.embedding_model || "default")],
      ["Options", optionSummary(def.options || {})],
      ["Created", when(store.created_at)],
    ]));
}

function optionSummary(options) {
  const on = [];
  if (options.user_profile_enabled !== false) on.push("profile");
  if (options.chat_summary_enabled !== false) on.push("summaries");
  if (options.procedural_memory_enabled) on.push("procedures");
  const ttl = options.default_ttl_seconds ? `, expire after ${options.default_ttl_seconds} s` : ", never expire";
  return `${on.join(", ") || "nothing extracted"}${ttl}`;
}

function createStoreForm() {
  const name = keep("store:name", h("input", { type: "text", name: "name", required: true, pattern: "[A-Za-z0-9_-]{1,64}", autocomplete: "off" }));
  const description = keep("store:description", h("input", { type: "text", name: "description" }));
  const chat = keep("store:chat", h("input", { type: "text", name: "chat_model", placeholder: "the deployment's default" }));
  const embedding = keep("store:embedding", h("input", { type: "text", name: "embedding_model", placeholder: "the deployment's default" }));
  const ttl = keep("store:ttl", h("input", { type: "number", name: "default_ttl_seconds", min: 0, step: 1, value: "0" }));
  const profile = checkbox("Extract the user's profile", true, "user_profile_enabled");
  const summaries = checkbox("Keep chat summaries", true, "chat_summary_enabled");
  const procedures = checkbox("Keep procedures", false, "procedural_memory_enabled");
  const submit = h("button", { type: "submit" }, "Create store");
  const form = h("form", { class: "stack", "aria-labelledby": "create-store" },
    field("Name", name, "1 to 64 letters, digits, - or _"),
    field("Description (optional)", description),
    field("Chat model (optional)", chat),
    field("Embedding model (optional)", embedding),
    profile, summaries, procedures,
    field("Default time to live, seconds (0: memories never expire)", ttl),
    h("div", { class: "actions" }, submit));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = {
      user_profile_enabled: profile.querySelector("input").checked,
      chat_summary_enabled: summaries.querySelector("input").checked,
      procedural_memory_enabled: procedures.querySelector("input").checked,
      default_ttl_seconds: Number.parseInt(ttl.value || "0", 10),
    };
    const definition = { kind: "default", options };
    if (chat.value.trim()) definition.chat_model = chat.value.trim();
    if (embedding.value.trim()) definition.embedding_model = embedding.value.trim();
    const body = { name: name.value.trim(), definition };
    if (description.value.trim()) body.description = description.value.trim();
    const store = await attempt(submit, () => api.post("/memory_stores", body));
    if (store) {
      for (const key of ["store:name", "store:description", "store:chat", "store:embedding", "store:ttl"]) drafts.delete(key);
      say(`Store ${store.name} created.`);
      window.location.hash = storeHash(store.name);
    }
  });
  return h("section", { class: "panel" }, h("h2", { id: "create-store" }, "Create a store"), form);
}

// ------------------------------------------------------------------ one store
async function storeView({ store: name }) {
  const store = await api.get(storePath(name));
  const audit = await api.has("GET", `${storePath(name)}/audit`, { query: { limit: 1 } });
  const def = store.definition || {};
  const options = Object.entries(def.options || {}).map(([k, v]) => [h("code", {}, k),
    v === null ? "—" : typeof v === "object" ? h("code", {}, JSON.stringify(v)) : String(v)]);
  const scopeInput = h("input", { type: "text", name: "scope", required: true, autocomplete: "off", spellcheck: "false" });
  const open = h("button", { type: "submit" }, "Open scope");
  const form = h("form", { class: "stack" },
    field("Scope", scopeInput, "The user id the agent stores memories under (1 to 256 characters). In a JWT deployment, your own scope is {{$userId}}."),
    h("div", { class: "actions" }, open));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (scopeInput.value) window.location.hash = scopeHash(name, scopeInput.value);
  });
  const recent = [...(recentScopes.get(name) || [])];
  return h("div", {},
    h("h1", {}, `Store ${store.name}`),
    store.description ? h("p", {}, store.description) : null,
    facts([
      ["Chat model", h("code", {}, def.chat_model)],
      ["Embedding model", h("code", {}, def.embedding_model)],
      ["Created", when(store.created_at)],
      ["Updated", when(store.updated_at)],
      store.metadata && Object.keys(store.metadata).length ? ["Metadata", h("code", {}, JSON.stringify(store.metadata))] : null,
    ]),
    h("h2", {}, "Options"),
    facts(options),
    h("section", { class: "panel" }, h("h2", {}, "Scopes"), form,
      recent.length ? [h("h3", {}, "Opened in this tab"),
        h("ul", { class: "plain" }, recent.map((s) => h("li", {}, link(s, scopeHash(name, s)))))] : null),
    audit ? h("p", {}, link("Deletion audit of this store", hashFor("store", name, "audit"))) : null);
}

// ------------------------------------------------------------------ one scope
async function scopeView({ store, scope }, current) {
  if (!recentScopes.has(store)) recentScopes.set(store, new Set());
  recentScopes.get(store).add(scope);
  const [loaded, exportable, audited] = await Promise.all([
    listAll(api, itemsPath(store), { scope }, 2000),
    api.has("GET", `${storePath(store)}/export`, { query: { scope, limit: 1 } }),
    api.has("GET", `${storePath(store)}/audit`, { query: { scope, limit: 1 } }),
  ]);
  const memories = loaded.items;
  const byId = new Map(memories.map((m) => [m.memory_id, m.content]));
  return h("div", {},
    h("h1", {}, `Scope ${scope}`),
    h("p", { class: "muted" }, `${memories.length}${loaded.truncated ? "+" : ""} ${memories.length === 1 ? "memory" : "memories"} in store ${store}.`),
    h("div", { class: "scope-grid" },
      h("div", {}, memoriesPanel(store, scope, memories, loaded.truncated), addMemoryForm(store, scope)),
      h("div", {},
        searchPanel(store, scope),
        updatePanel(store, scope, byId, current),
        exportable ? exportPanel(store, scope) : null,
        audited ? h("p", {}, link("Deletion audit of this scope", hashFor("store", store, "audit", scope))) : null,
        deleteScopePanel(store, scope))));
}

function memoriesPanel(store, scope, memories, truncated) {
  const newest = [...memories].sort((a, b) => (b.created_at - a.created_at) || (a.memory_id < b.memory_id ? 1 : -1));
  const groups = KINDS.map(([kind, label]) => {
    const ofKind = newest.filter((m) => m.kind === kind);
    const list = h("ul", { class: "memories", "aria-label": label });
    const more = h("button", { type: "button", class: "secondary" }, `Show older ${label.toLowerCase()}`);
    let shown = 0;
    const showPage = () => {
      for (const memory of ofKind.slice(shown, shown + PAGE)) list.append(memoryRow(store, scope, memory));
      shown = Math.min(ofKind.length, shown + PAGE);
      more.hidden = shown >= ofKind.length;
    };
    more.addEventListener("click", showPage);
    showPage();
    return h("section", { "aria-label": label },
      h("h3", {}, `${label} (${ofKind.length})`),
      ofKind.length ? list : h("p", { class: "muted" }, "None."),
      more);
  });
  return h("section", { class: "panel" },
    h("h2", {}, "Memories, newest first"),
    truncated ? h("p", { class: "hint" }, "Only the first 2,000 memories are shown.") : null,
    groups);
}

function memoryRow(store, scope, memory) {
  return h("li", {},
    h("div", {}, link(memory.content, memoryHash(store, scope, memory.memory_id))),
    h("div", { class: "meta" },
      h("span", {}, `importance ${fixed(memory.importance)}`),
      h("span", {}, `created ${when(memory.created_at)}`),
      memory.expires_at ? h("span", {}, `expires ${when(memory.expires_at)}`) : null));
}

function fixed(value, digits = 2) { return typeof value === "number" ? value.toFixed(digits) : "—"; }

function addMemoryForm(store, scope) {
  const content = keep(`add:${store}:${scope}`, h("textarea", { name: "content", required: true, rows: 3 }));
  const kind = h("select", { name: "kind" }, KINDS.map(([v, l]) => h("option", { value: v }, l)));
  const submit = h("button", { type: "submit" }, "Add memory");
  const form = h("form", { class: "stack" }, field("Content", content), field("Kind", kind), h("div", { class: "actions" }, submit));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const item = await attempt(submit, () => api.post(itemsPath(store), { scope, content: content.value, kind: kind.value }));
    if (item) {
      drafts.delete(`add:${store}:${scope}`);
      say("Memory added.");
      render();
    }
  });
  return h("details", { class: "panel" }, h("summary", {}, "Add a memory by hand"), form);
}

function searchPanel(store, scope) {
  const query = keep(`search:${store}:${scope}`, h("input", { type: "search", name: "query", autocomplete: "off" }));
  const max = h("input", { type: "number", name: "max_memories", min: 1, max: 100, value: "10" });
  const contextual = h("button", { type: "submit" }, "Search");
  const agent = h("button", { type: "button", class: "secondary" }, "What would the agent see?");
  const next = h("button", { type: "button", class: "secondary", hidden: true }, "More results");
  const out = h("div", { "aria-live": "polite" });
  let lastSearch = null;
  const run = async (button, body, title) => {
    const answer = await attempt(button, () => api.post(`${storePath(store)}/search_memories`, body));
    if (!answer) return;
    lastSearch = { id: answer.search_id, max: body.options.max_memories };
    next.hidden = !answer.search_id || answer.memories.length === 0;
    fill(out,
      h("h3", {}, title),
      answer.memories.length
        ? h("ol", { class: "results" }, answer.memories.map((m) => resultRow(store, scope, m)))
        : h("p", { class: "muted" }, "No memory matched."));
  };
  const limit = () => Number.parseInt(max.value || "10", 10);
  const form = h("form", { class: "stack", role: "search" },
    field("Search this scope's memories (as the newest user message)", query),
    field("Memories to return", max),
    h("div", { class: "actions" }, contextual, agent));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(contextual, { scope, items: [{ type: "message", role: "user", content: query.value }], options: { max_memories: limit() } },
      "Contextual search: best first");
  });
  agent.addEventListener("click", () => run(agent, { scope, options: { max_memories: limit() } },
    "What the agent sees without a conversation (static search)"));
  next.addEventListener("click", () => lastSearch && run(next,
    { scope, previous_search_id: lastSearch.id, options: { max_memories: lastSearch.max } }, "More results"));
  return h("section", { class: "panel" }, h("h2", {}, "Search"), form, out, next);
}

function resultRow(store, scope, { memory_item: item, score }) {
  return h("li", {},
    h("div", { class: "meta" },
      h("span", { class: "score" }, `score ${fixed(score, 3)}`),
      h("meter", { min: 0, max: 1, value: score, "aria-label": "score" }),
      h("span", { class: "kind" }, kindLabel(item.kind))),
    h("div", {}, link(item.content, memoryHash(store, scope, item.memory_id))));
}

function updatePanel(store, scope, before) {
  const conversation = keep(`conv:${store}:${scope}`, h("textarea", { name: "conversation", rows: 6, required: true, spellcheck: "true" }));
  const delay = h("input", { type: "number", name: "update_delay", min: 0, value: "0" });
  const dry = checkbox("Dry run: show what would change, write nothing", false, "dry_run");
  const submit = h("button", { type: "submit" }, "Submit conversation");
  const out = h("div", { "aria-live": "polite" });
  const form = h("form", { class: "stack" },
    field("Conversation", conversation, "One message per line, e.g. \"user: I moved to Lyon\" then \"assistant: Noted.\""),
    field("Update delay, seconds (0: process now)", delay),
    dry,
    h("div", { class: "actions" }, submit));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { messages, problems } = parseConversation(conversation.value);
    if (problems.length) {
      showError(new ApiError(0, "invalid_conversation", problems.join(" "), "conversation"));
      return;
    }
    const dryRun = dry.querySelector("input").checked;
    const body = { scope, items: messages, update_delay: Number.parseInt(delay.value || "0", 10) };
    if (dryRun) body.dry_run = true;
    const answer = await attempt(submit, () => api.post(`${storePath(store)}/update_memories`, body));
    if (!answer) return;
    if (answer.update_id) {
      drafts.delete(`conv:${store}:${scope}`);
      snapshots.set(answer.update_id, before);
      commandsOf.set(answer.update_id, answer.memory_commands || []);
      window.location.hash = updateHash(store, scope, answer.update_id);
      return;
    }
    fill(out, h("h3", {}, "Dry run: nothing was written"),
      commandsList(answer.memory_commands), diffList(store, scope, diffOperations(answer.result?.memory_operations, before)));
  });
  return h("section", { class: "panel" }, h("h2", {}, "Submit a conversation"), form, out);
}

function exportPanel(store, scope) {
  const button = h("button", { type: "button", class: "secondary" }, "Export as JSON Lines");
  const out = h("p", { "aria-live": "polite" });
  button.addEventListener("click", async () => {
    const lines = await attempt(button, () => exportLines(store, scope));
    if (lines === undefined) return;
    const memories = lines.filter((l) => l.object !== "memory_store.export").length;
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join("");
    const url = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
    out.replaceChildren(`${memories} ${memories === 1 ? "memory" : "memories"} exported. `,
      h("a", { href: url, download: `${store}-export.jsonl` }, "Save the export"));
  });
  return h("section", { class: "panel" }, h("h2", {}, "Export"), button, out);
}

// Every page of the scope's export; the page lines that link them are left out of the file.
async function exportLines(store, scope) {
  const lines = [];
  let after;
  for (;;) {
    const text = await api.send("GET", `${storePath(store)}/export`, { query: { scope, limit: 1000, after }, raw: true });
    const parsed = text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
    const page = parsed.find((l) => l.object === "memory_store.export.page");
    lines.push(...parsed.filter((l) => l !== page));
    if (!page || !page.has_more || !page.next_after) return lines;
    after = page.next_after;
  }
}

// A deletion too large for one request answers 202 and its status, polled until it completes.
async function finishDeletion(store, answer) {
  let job = answer;
  while (job.object === "memory_store.deletion" && job.status !== "completed") {
    say(`Deleting: ${job.deleted_count} memories so far…`);
    await new Promise((resolve) => { setTimeout(resolve, POLL_MS); });
    job = await api.get(path(`${storePath(store)}/deletions`, job.deletion_id));
  }
  return job;
}

function deleteScopePanel(store, scope) {
  const button = h("button", { type: "button", class: "danger" }, "Delete this scope");
  button.addEventListener("click", async () => {
    const sure = await confirmDialog({
      title: "Delete this scope?",
      text: "Every memory, update and search of this scope in this store is deleted. This cannot be undone.",
      action: "Delete scope",
      typed: scope,
    });
    if (!sure) return;
    const answer = await attempt(button, async () => finishDeletion(store, await api.post(`${storePath(store)}/delete_scope`, { scope })));
    if (answer) {
      recentScopes.get(store)?.delete(scope);
      say(`Scope deleted: ${answer.deleted_count} memories removed.`);
      window.location.hash = storeHash(store);
    }
  });
  return h("section", { class: "panel danger-zone" }, h("h2", {}, "Delete scope"),
    h("p", {}, "Removes everything this store keeps for this scope."), button);
}

// ------------------------------------------------------------------ one memory
async function memoryView({ store, scope, id }) {
  const item = await api.get(itemPath(store, id));
  const base = itemPath(store, id);
  const [revisions, expiry] = await Promise.all([
    api.get(`${base}/revisions`).catch((error) => (error instanceof ApiError && error.status === 404 ? null : Promise.reject(error))),
    api.has("POST", `${base}/expiration`, { body: { expires_at: "probe" } }),
  ]);
  return h("div", {},
    h("h1", {}, `Memory ${item.memory_id}`),
    h("blockquote", { class: "panel" }, item.content),
    facts([
      ["Kind", kindLabel(item.kind)],
      ["Importance", fixed(item.importance)],
      ["Access count", String(item.access_count ?? 0)],
      ["Last accessed", item.last_accessed_at ? when(item.last_accessed_at) : "never"],
      ["Created", when(item.created_at)],
      ["Updated", when(item.updated_at)],
      ["Expires", when(item.expires_at)],
      item.version !== undefined ? ["Version", String(item.version)] : null,
      ["From updates", provenance(store, scope, item.source?.update_ids)],
      ["From messages", (item.source?.message_ids || []).length ? h("code", {}, item.source.message_ids.join(", ")) : "—"],
    ]),
    editForm(store, scope, item),
    expiry ? expiryForm(store, scope, item) : null,
    revisions ? revisionsPanel(store, scope, revisions) : null,
    deleteMemoryPanel(store, scope, item));
}

function provenance(store, scope, updateIds) {
  if (!updateIds || !updateIds.length) return "written through the API";
  return h("span", {}, updateIds.flatMap((u, i) => [i ? ", " : "", link(u, updateHash(store, scope, u))]));
}

function editForm(store, scope, item) {
  const content = keep(`edit:${item.memory_id}`, h("textarea", { name: "content", rows: 4, required: true, value: item.content }));
  const kind = h("select", { name: "kind" }, KINDS.map(([v, l]) => h("option", { value: v, selected: v === item.kind }, l)));
  const submit = h("button", { type: "submit" }, "Save");
  const form = h("form", { class: "stack" }, field("Content", content), field("Kind", kind), h("div", { class: "actions" }, submit));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {};
    if (content.value !== item.content) body.content = content.value;
    if (kind.value !== item.kind) body.kind = kind.value;
    if (!Object.keys(body).length) { say("Nothing changed."); return; }
    const saved = await attempt(submit, () => api.post(itemPath(store, item.memory_id), body));
    if (saved) {
      drafts.delete(`edit:${item.memory_id}`);
      say("Memory saved.");
      render();
    }
  });
  return h("section", { class: "panel" }, h("h2", {}, "Edit"), form);
}

function expiryForm(store, scope, item) {
  const at = h("input", { type: "datetime-local", name: "expires_at", value: toLocalInput(item.expires_at) });
  const set = h("button", { type: "submit" }, "Set expiry");
  const clear = h("button", { type: "button", class: "secondary" }, "Never expire");
  const send = async (button, body) => {
    const saved = await attempt(button, () => api.post(`${itemPath(store, item.memory_id)}/expiration`, body));
    if (saved) { say(body.expires_at === null ? "The memory no longer expires." : "Expiry set."); render(); }
  };
  const form = h("form", { class: "stack" }, field("Expires at (your local time)", at), h("div", { class: "actions" }, set, clear));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const seconds = fromLocalInput(at.value);
    if (seconds === null) { showError(new ApiError(0, "invalid_date", "Choose a date and time first.", "expires_at")); return; }
    send(set, { expires_at: seconds });
  });
  clear.addEventListener("click", () => send(clear, { expires_at: null }));
  return h("section", { class: "panel" }, h("h2", {}, "Expiry"), form);
}

function revisionsPanel(store, scope, answer) {
  const revisions = answer.data || [];
  return h("section", { class: "panel" }, h("h2", {}, `Revisions (${revisions.length})`),
    revisions.length
      ? h("ol", { class: "revisions", "aria-label": "Earlier contents, newest first" }, revisions.map((r) => h("li", {},
        h("div", {}, h("del", {}, r.content)),
        h("div", { class: "meta" },
          h("span", {}, `revision ${r.revision}`),
          h("span", {}, `written ${when(r.created_at)}`),
          r.replaced_at ? h("span", {}, `replaced ${when(r.replaced_at)}`) : null,
          r.update_id
            ? h("span", {}, "by update ", link(r.update_id, updateHash(store, scope, r.update_id)))
            : h("span", {}, `by ${r.reason || "api"}`)))))
      : h("p", { class: "muted" }, "This memory has not been revised."));
}

function deleteMemoryPanel(store, scope, item) {
  const button = h("button", { type: "button", class: "danger" }, "Delete memory");
  button.addEventListener("click", async () => {
    const sure = await confirmDialog({ title: "Delete this memory?", text: item.content, action: "Delete" });
    if (!sure) return;
    const answer = await attempt(button, () => api.delete(itemPath(store, item.memory_id)));
    if (answer) {
      say("Memory deleted.");
      window.location.hash = scopeHash(store, scope);
    }
  });
  return h("section", { class: "panel danger-zone" }, h("h2", {}, "Delete"), button);
}

// ------------------------------------------------------------------ one update
async function updateView({ store, scope, id }, current) {
  const status = h("span", { class: "badge" });
  const details = h("div", {});
  const result = h("div", {});
  const before = snapshots.get(id) || new Map();
  const show = (update) => {
    status.textContent = update.status;
    status.className = `badge ${update.status}`;
    details.replaceChildren(facts([
      ["Created", when(update.created_at)],
      update.due_at ? ["Due", when(update.due_at)] : null,
      ["Updated", when(update.updated_at)],
      update.previous_update_id ? ["Previous update", link(update.previous_update_id, updateHash(store, scope, update.previous_update_id))] : null,
      update.superseded_by ? ["Superseded by", link(update.superseded_by, updateHash(store, scope, update.superseded_by))] : null,
      update.error ? ["Error", `${update.error.code}: ${update.error.message}`] : null,
    ]));
    const operations = update.result?.memory_operations;
    const failed = update.result?.failed_messages || [];
    fill(result,
      operations ? h("h2", {}, "What changed") : null,
      operations ? diffList(store, scope, diffOperations(operations, before)) : null,
      failed.length ? [h("h2", {}, "Messages set aside"), h("ul", {}, failed.map((f) => h("li", {}, `message ${f.index}: ${f.error.code}: ${f.error.message}`)))] : null);
  };
  const first = await api.get(`${storePath(store)}/updates/${encodeURIComponent(id)}`);
  await recallEarlier(store, id, first, before);
  show(first);
  const poll = async (update) => {
    if (!["queued", "in_progress"].includes(update.status)) return;
    await new Promise((resolve) => { setTimeout(resolve, POLL_MS); });
    if (!current()) return;
    try {
      const next = await api.get(`${storePath(store)}/updates/${encodeURIComponent(id)}`);
      await recallEarlier(store, id, next, before);
      if (!current()) return;
      show(next);
      if (!["queued", "in_progress"].includes(next.status)) say(`Update ${next.status}.`);
      poll(next);
    } catch (error) {
      showError(error);
      setTimeout(() => current() && poll(update), POLL_MS * 4);
    }
  };
  poll(first);
  const commands = commandsOf.get(id);
  return h("div", {},
    h("h1", {}, `Update ${id}`),
    h("p", {}, "Status: ", status),
    details,
    commands && commands.length ? [h("h2", {}, "Commands applied at once"), commandsList(commands)] : null,
    result,
    h("p", {}, link("Back to the scope", scopeHash(store, scope))));
}

// An updated memory's content before this update, when the console did not see it: the revision
// this update replaced (when the API has the revisions route).
async function recallEarlier(store, updateId, update, before) {
  for (const op of update.result?.memory_operations || []) {
    const memoryId = op.memory_item?.memory_id;
    if (op.kind !== "update" || !memoryId || before.has(memoryId)) continue;
    try {
      const revisions = await api.get(`${itemPath(store, memoryId)}/revisions`);
      const replaced = (revisions.data || []).find((r) => r.update_id === updateId);
      if (replaced) before.set(memoryId, replaced.content);
    } catch {
      // no revisions route, or the memory is gone since: the diff says the earlier content is unknown
    }
  }
}

function commandsList(commands) {
  if (!commands || !commands.length) return null;
  return h("ul", {}, commands.map((c) => h("li", {},
    `${c.arguments?.action}: ${c.arguments?.content || "(withheld)"} — ${c.status}`,
    c.deleted && c.deleted.length ? ` (deleted ${c.deleted.length})` : "")));
}

function diffList(store, scope, changes) {
  if (!changes.length) return h("p", { class: "muted" }, "No memory changed.");
  return h("ul", { class: "diff", "aria-label": "Memory changes" }, changes.map((c) => {
    const kind = h("span", { class: "kind" }, kindLabel(c.item.kind));
    const id = c.item.memory_id;
    const title = id && c.change !== "deleted" ? link(id, memoryHash(store, scope, id)) : h("code", {}, id || "new memory");
    if (c.change === "created") return h("li", { class: "created" }, h("strong", {}, "Created "), kind, " ", title, h("div", {}, h("ins", {}, c.to)));
    if (c.change === "updated") {
      return h("li", { class: "updated" }, h("strong", {}, "Updated "), kind, " ", title,
        h("div", {}, "from ", c.from !== undefined ? h("del", {}, c.from) : h("span", { class: "muted" }, "(earlier content not loaded here)")),
        h("div", {}, "to ", h("ins", {}, c.to)));
    }
    return h("li", { class: "deleted" }, h("strong", {}, "Deleted "), kind, " ", title,
      c.from !== undefined ? h("div", {}, h("del", {}, c.from)) : null);
  }));
}

// ------------------------------------------------------------------ audit
async function auditView({ store, scope }) {
  const rows = h("ol", { class: "revisions", "aria-label": "Audit records, newest first" });
  const more = h("button", { type: "button", class: "secondary", hidden: true }, "Show more records");
  const verify = h("button", { type: "button" }, "Verify the chain");
  const verdict = h("p", { "aria-live": "polite" });
  let after;
  const load = async () => {
    const page = await api.get(`${storePath(store)}/audit`, { scope, limit: PAGE, after });
    for (const record of page.data || []) rows.append(auditRow(record));
    after = page.next_after || page.last_id;
    more.hidden = !page.has_more;
    return page;
  };
  more.addEventListener("click", () => attempt(more, load));
  verify.addEventListener("click", async () => {
    const answer = await attempt(verify, () => api.get(`${storePath(store)}/audit/verify`));
    if (!answer) return;
    verdict.className = answer.valid ? "" : "alert";
    verdict.textContent = answer.valid
      ? `The chain is intact: ${answer.records} ${answer.records === 1 ? "record" : "records"}, each linked to the one before.`
      : `The chain is broken: ${(answer.problems || []).map((p) => `record ${p.seq} ${p.problem}`).join("; ")}.`;
  });
  const first = await load();
  return h("div", {}, h("h1", {}, scope === undefined ? `Deletion audit of ${store}` : `Deletion audit of scope ${scope}`),
    h("p", { class: "hint" }, "Hash-chained records of every deletion and forgetting: ids, content hashes, actor, reason and time, never content."),
    verify, verdict,
    (first.data || []).length ? rows : h("p", { class: "muted" }, "Nothing has been deleted yet."), more);
}

function auditRow(record) {
  const ids = record.memory_ids || [];
  return h("li", {},
    h("div", {}, h("strong", {}, `#${record.seq} ${record.action}`), ` — ${record.reason}`),
    h("div", { class: "meta" },
      h("span", {}, when(record.at)),
      h("span", {}, `by ${record.actor}`),
      h("span", {}, `${record.count} ${record.count === 1 ? "memory" : "memories"}`),
      ids.length ? h("span", { class: "mono" }, ids.join(", ")) : null,
      h("span", { class: "mono", title: "this record's hash" }, `hash ${String(record.hash).slice(0, 12)}…`)));
}

// ------------------------------------------------------------------ start
document.getElementById("connection").addEventListener("submit", (event) => {
  event.preventDefault();
  api.token = document.getElementById("token").value.trim();
  api.userId = document.getElementById("user-id").value.trim();
  say("Connection settings applied.");
  render();
});
window.addEventListener("hashchange", render);
render();
