"""The memory console in headless Chromium against `memstore local`: every view, driven through
the page the way a person would, with the API asked directly after each step whether it agrees.
The conftest fixtures fail any test whose page sent a request to another host or threw."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import quote

import pytest

from tests.browser.chromium import missing_reason
from tests.browser.conftest import NARROW, WIDE, Console, open_console

if missing_reason() is not None:
    pytest.skip(missing_reason(), allow_module_level=True)

pytestmark = pytest.mark.integration

CONVERSATION = (
    "user: I prefer dark roast coffee\nassistant: Noted.\nuser: I live in Lyon and I have a dog named Rex."
)
WAIT_MS = 60_000


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=20_000)
    return playwright_expect(locator)


def heading(console: Console) -> Any:
    return console.page.get_by_role("heading", level=1)


def create_store(console: Console, name: str) -> None:
    console.open()
    page = console.page
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Description (optional)").fill("Made in the browser suite")
    page.get_by_role("button", name="Create store").click()
    expect(heading(console)).to_have_text(f"Store {name}")


def open_scope(console: Console, store: str, scope: str) -> None:
    console.open(f"#/store/{quote(store, safe='')}")
    console.page.get_by_label("Scope", exact=True).fill(scope)
    console.page.get_by_role("button", name="Open scope").click()
    expect(heading(console)).to_have_text(f"Scope {scope}")


def submit_conversation(console: Console, text: str, *, dry_run: bool = False) -> None:
    page = console.page
    page.get_by_label("Conversation").fill(text)
    page.get_by_label("Update delay, seconds (0: process now)").fill("0")
    if dry_run:
        page.get_by_label("Dry run: show what would change, write nothing").check()
    page.get_by_role("button", name="Submit conversation").click()


def wait_for_update(console: Console) -> str:
    expect(heading(console)).to_have_text(re.compile(r"^Update upd_"), timeout=WAIT_MS)
    expect(console.page.locator(".badge")).to_have_text("completed", timeout=WAIT_MS)
    return heading(console).inner_text().removeprefix("Update ")


def items_of(console: Console, store: str, scope: str) -> list[dict[str, Any]]:
    status, page = console.api("GET", f"/memory_stores/{store}/items?scope={quote(scope)}&limit=100")
    assert status == 200, page
    return page["data"]


def store_with_item(console: Console, store: str, scope: str, content: str) -> dict[str, Any]:
    """A new store holding one profile memory, made through the API."""
    assert console.api("POST", "/memory_stores", {"name": store, "definition": {"kind": "default"}})[0] == 201
    status, item = console.api(
        "POST", f"/memory_stores/{store}/items", {"scope": scope, "content": content, "kind": "user_profile"}
    )
    assert status == 201, item
    return item


def raw(console: Console, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, str]:
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(console.base_url + path, data=data, method=method)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def route_exists(console: Console, method: str, path: str, body: dict[str, Any] | None = None) -> bool:
    """What the console's feature detection should conclude, asked of the API directly: memstore
    local answers a path no route serves with 404 "no such route", a known path 405."""
    status, text = raw(console, method, path, body)
    return not (status == 405 or (status == 404 and '"no such route"' in text))


# ------------------------------------------------------------------ the walkthrough of the issue
def test_store_conversation_search_edit_delete_and_scope_deletion(console: Console):
    page = console.page
    console.open()
    expect(heading(console)).to_have_text("Memory stores")
    create_store(console, "walk")
    status, store = console.api("GET", "/memory_stores/walk")
    assert status == 200 and store["description"] == "Made in the browser suite"
    assert store["definition"]["chat_model"] == "memstore-rules"
    expect(page.locator("main")).to_contain_text("memstore-rules")
    expect(page.locator("main")).to_contain_text("all-MiniLM-L6-v2")
    console.open()
    expect(page.get_by_role("link", name="walk")).to_be_visible()
    console.shot("stores")

    open_scope(console, "walk", "alice")
    expect(page.locator("main")).to_contain_text("0 memories")
    submit_conversation(console, CONVERSATION)
    update_id = wait_for_update(console)
    status, update = console.api("GET", f"/memory_stores/walk/updates/{update_id}")
    assert status == 200 and update["status"] == "completed"
    created = [op["memory_item"] for op in update["result"]["memory_operations"] if op["kind"] == "create"]
    assert created
    diff = page.get_by_role("list", name="Memory changes")
    expect(diff.locator("li.created")).to_have_count(len(created))
    for item in created:
        expect(diff).to_contain_text(item["content"])
    stored = items_of(console, "walk", "alice")
    assert {i["memory_id"] for i in stored} == {i["memory_id"] for i in created}
    console.shot("update")

    page.get_by_role("link", name="Back to the scope").click()
    expect(heading(console)).to_have_text("Scope alice")
    for item in stored:
        expect(page.get_by_role("link", name=item["content"])).to_be_visible()
    page.get_by_label("Search this scope's memories (as the newest user message)").fill(
        "Where does the user live?"
    )
    page.get_by_role("button", name="Search", exact=True).click()
    results = page.locator("ol.results > li")
    expect(results.first).to_be_visible()
    status, found = console.api(
        "POST",
        "/memory_stores/walk/search_memories",
        {
            "scope": "alice",
            "items": [{"type": "message", "role": "user", "content": "Where does the user live?"}],
        },
    )
    assert status == 200
    best = found["memories"][0]
    assert "Lyon" in best["memory_item"]["content"]
    expect(results.first).to_contain_text(best["memory_item"]["content"])
    expect(results.first.locator(".score")).to_have_text(f"score {best['score']:.3f}")
    console.shot("scope")

    page.get_by_role("button", name="What would the agent see?").click()
    expect(page.get_by_role("heading", name=re.compile("static search"))).to_be_visible()
    status, static = console.api("POST", "/memory_stores/walk/search_memories", {"scope": "alice"})
    assert status == 200
    expect(page.locator("ol.results > li")).to_have_count(len(static["memories"]))

    lyon = next(i for i in stored if "Lyon" in i["content"])
    page.get_by_role("link", name=lyon["content"]).first.click()
    expect(heading(console)).to_have_text(f"Memory {lyon['memory_id']}")
    expect(page.get_by_role("link", name=update_id)).to_be_visible()
    edited = "The user lives in Lyon, near the river."
    page.get_by_label("Content", exact=True).fill(edited)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Memory saved.")
    expect(page.locator("blockquote")).to_have_text(edited)
    assert console.api("GET", f"/memory_stores/walk/items/{lyon['memory_id']}")[1]["content"] == edited
    console.shot("memory")

    page.get_by_role("button", name="Delete memory").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(edited)
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    assert console.api("GET", f"/memory_stores/walk/items/{lyon['memory_id']}")[0] == 200
    page.get_by_role("button", name="Delete memory").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(heading(console)).to_have_text("Scope alice")
    expect(page.get_by_role("status")).to_have_text("Memory deleted.")
    assert console.api("GET", f"/memory_stores/walk/items/{lyon['memory_id']}")[0] == 404
    expect(page.get_by_role("link", name=edited)).to_have_count(0)

    remaining = items_of(console, "walk", "alice")
    assert remaining
    page.get_by_role("button", name="Delete this scope").click()
    dialog = page.get_by_role("dialog")
    confirm = dialog.get_by_role("button", name="Delete scope")
    expect(confirm).to_be_disabled()
    typed = dialog.get_by_label(re.compile("to confirm"))
    typed.fill("alic")
    expect(confirm).to_be_disabled()
    console.shot("delete-scope")
    typed.fill("alice")
    expect(confirm).to_be_enabled()
    confirm.click()
    expect(heading(console)).to_have_text("Store walk")
    expect(page.get_by_role("status")).to_have_text(f"Scope deleted: {len(remaining)} memories removed.")
    assert items_of(console, "walk", "alice") == []


# ------------------------------------------------------------------ updates: from → to, dry run
def test_an_update_shows_what_changed_from_and_to(console: Console):
    page = console.page
    assert (
        console.api("POST", "/memory_stores", {"name": "moves", "definition": {"kind": "default"}})[0] == 201
    )
    open_scope(console, "moves", "bob")
    submit_conversation(console, "user: I live in Lyon and I have a dog named Rex.")
    wait_for_update(console)
    lyon = next(i for i in items_of(console, "moves", "bob") if "Lyon" in i["content"])

    open_scope(console, "moves", "bob")
    submit_conversation(console, "user: I moved to Paris last week, I no longer live in Lyon.", dry_run=True)
    expect(page.get_by_role("heading", name="Dry run: nothing was written")).to_be_visible()
    assert [
        i["content"] for i in items_of(console, "moves", "bob") if i["memory_id"] == lyon["memory_id"]
    ] == [lyon["content"]]

    page.get_by_label("Dry run: show what would change, write nothing").uncheck()
    page.get_by_role("button", name="Submit conversation").click()
    update_id = wait_for_update(console)
    update = console.api("GET", f"/memory_stores/moves/updates/{update_id}")[1]
    changed = [op["memory_item"] for op in update["result"]["memory_operations"] if op["kind"] == "update"]
    assert [c["memory_id"] for c in changed] == [lyon["memory_id"]]
    entry = page.locator("ul.diff li.updated")
    expect(entry.locator("del")).to_have_text(lyon["content"])
    expect(entry.locator("ins")).to_have_text(changed[0]["content"])
    current = console.api("GET", f"/memory_stores/moves/items/{lyon['memory_id']}")[1]
    assert current["content"] == changed[0]["content"]

    if route_exists(console, "GET", f"/memory_stores/moves/items/{lyon['memory_id']}/revisions"):
        page.goto("about:blank")
        console.open(f"#/store/moves/scope/bob/update/{update_id}")
        expect(entry.locator("del")).to_have_text(lyon["content"])
        expect(entry.locator("ins")).to_have_text(changed[0]["content"])


# ------------------------------------------------------------------ errors as the API words them
def test_api_errors_are_shown_as_worded_and_nothing_typed_is_lost(console: Console):
    page = console.page
    assert (
        console.api("POST", "/memory_stores", {"name": "errs", "definition": {"kind": "default"}})[0] == 201
    )
    create_store(console, "errs-ok")
    console.open()
    page.get_by_label("Name", exact=True).fill("errs")
    page.get_by_label("Description (optional)").fill("kept after a refusal")
    page.get_by_role("button", name="Create store").click()
    status, refusal = console.api(
        "POST", "/memory_stores", {"name": "errs", "definition": {"kind": "default"}}
    )
    assert status == 409
    expect(page.get_by_role("alert")).to_have_text(
        f"409 {refusal['error']['code']}{_param(refusal)}: {refusal['error']['message']}"
    )
    expect(page.get_by_label("Name", exact=True)).to_have_value("errs")
    expect(page.get_by_label("Description (optional)")).to_have_value("kept after a refusal")

    open_scope(console, "errs", "carol")
    page.get_by_label("Conversation").fill(CONVERSATION)
    page.get_by_label("Update delay, seconds (0: process now)").fill("999999999")
    page.get_by_role("button", name="Submit conversation").click()
    status, refusal = console.api(
        "POST",
        "/memory_stores/errs/update_memories",
        {
            "scope": "carol",
            "update_delay": 999999999,
            "items": [{"type": "message", "role": "user", "content": "hi"}],
        },
    )
    assert status == 400 and refusal["error"]["param"] == "update_delay"
    expect(page.get_by_role("alert")).to_have_text(
        f"400 invalid_request (update_delay): {refusal['error']['message']}"
    )
    expect(page.get_by_label("Conversation")).to_have_value(CONVERSATION)
    assert items_of(console, "errs", "carol") == []

    page.route("**/update_memories", lambda route: route.abort())
    page.get_by_label("Update delay, seconds (0: process now)").fill("0")
    page.get_by_role("button", name="Submit conversation").click()
    expect(page.get_by_role("alert")).to_contain_text("The API could not be reached")
    expect(page.get_by_label("Conversation")).to_have_value(CONVERSATION)
    page.unroute("**/update_memories")
    console.shot("error")

    status, item = console.api(
        "POST",
        "/memory_stores/errs/items",
        {"scope": "carol", "content": "Likes tea.", "kind": "user_profile"},
    )
    assert status == 201
    console.open(f"#/store/errs/scope/carol/memory/{item['memory_id']}")
    too_long = "x" * 9000
    page.get_by_label("Content", exact=True).fill(too_long)
    page.get_by_role("button", name="Save").click()
    status, refusal = console.api(
        "POST", f"/memory_stores/errs/items/{item['memory_id']}", {"content": too_long}
    )
    assert status == 400
    expect(page.get_by_role("alert")).to_have_text(
        f"400 invalid_request (content): {refusal['error']['message']}"
    )
    expect(page.get_by_label("Content", exact=True)).to_have_value(too_long)
    assert console.api("GET", f"/memory_stores/errs/items/{item['memory_id']}")[1]["content"] == "Likes tea."

    console.open("#/store/no-such-store")
    status, refusal = console.api("GET", "/memory_stores/no-such-store")
    expect(page.locator("main")).to_contain_text(f"404 not_found (name): {refusal['error']['message']}")


def _param(refusal: dict[str, Any]) -> str:
    param = refusal["error"].get("param")
    return f" ({param})" if param else ""


# ------------------------------------------------------------------ lifecycle routes, when present
def test_lifecycle_controls_follow_what_the_api_answers(console: Console):
    page = console.page
    item = store_with_item(console, "life", "dave", "Owns a red bike.")
    base = f"/memory_stores/life/items/{item['memory_id']}"
    has_expiration = route_exists(console, "POST", f"{base}/expiration", {"expires_at": "probe"})
    has_revisions = route_exists(console, "GET", f"{base}/revisions")
    has_export = route_exists(console, "GET", "/memory_stores/life/export?scope=dave&limit=1")
    has_audit = route_exists(console, "GET", "/memory_stores/life/audit?limit=1")

    console.open(f"#/store/life/scope/dave/memory/{item['memory_id']}")
    expect(page.get_by_role("heading", name="Expiry")).to_have_count(1 if has_expiration else 0)
    expect(page.get_by_role("heading", name=re.compile(r"^Revisions"))).to_have_count(
        1 if has_revisions else 0
    )
    if has_expiration:
        page.get_by_label("Expires at (your local time)").fill("2031-01-02T03:04")
        page.get_by_role("button", name="Set expiry").click()
        expect(page.get_by_role("status")).to_have_text("Expiry set.")
        expires = console.api("GET", base)[1]["expires_at"]
        assert expires is not None and expires > time.time()
        page.get_by_role("button", name="Never expire").click()
        expect(page.get_by_role("status")).to_have_text("The memory no longer expires.")
        assert console.api("GET", base)[1]["expires_at"] is None
    if has_revisions:
        page.get_by_label("Content", exact=True).fill("Owns a blue bike.")
        page.get_by_role("button", name="Save").click()
        expect(page.locator("ol.revisions")).to_contain_text("Owns a red bike.")

    console.open("#/store/life/scope/dave")
    expect(page.get_by_role("button", name="Export as JSON Lines")).to_have_count(1 if has_export else 0)
    if has_export:
        page.get_by_role("button", name="Export as JSON Lines").click()
        with page.expect_download() as download:
            page.get_by_role("link", name="Save the export").click()
        saved = [json.loads(line) for line in download.value.path().read_text(encoding="utf-8").splitlines()]
        status, text = raw(console, "GET", "/memory_stores/life/export?scope=dave")
        assert status == 200
        exported = [json.loads(line) for line in text.splitlines() if line.strip()]
        assert saved == [line for line in exported if line.get("object") != "memory_store.export.page"]
        assert item["memory_id"] in json.dumps(saved)
    expect(page.get_by_role("link", name="Deletion audit of this scope")).to_have_count(1 if has_audit else 0)
    console.open("#/store/life")
    expect(page.get_by_role("link", name="Deletion audit of this store")).to_have_count(1 if has_audit else 0)
    if has_audit:
        console.open(f"#/store/life/scope/dave/memory/{item['memory_id']}")
        page.get_by_role("button", name="Delete memory").click()
        page.get_by_role("dialog").get_by_role("button", name="Delete").click()
        expect(heading(console)).to_have_text("Scope dave")
        page.get_by_role("link", name="Deletion audit of this scope").click()
        expect(heading(console)).to_have_text("Deletion audit of scope dave")
        records = console.api("GET", "/memory_stores/life/audit?scope=dave")[1]["data"]
        assert any(item["memory_id"] in r["memory_ids"] for r in records)
        expect(page.get_by_role("list", name="Audit records, newest first")).to_contain_text(
            item["memory_id"]
        )
        page.get_by_role("button", name="Verify the chain").click()
        verdict = console.api("GET", "/memory_stores/life/audit/verify")[1]
        assert verdict["valid"] is True
        expect(page.get_by_text("The chain is intact")).to_contain_text(f"{verdict['records']} record")
        console.shot("audit")


def test_controls_of_routes_the_api_lacks_are_hidden(console: Console):
    """A deployment from before the lifecycle routes: API Gateway answers their paths 404 {"message":
    "Not Found"}; the console hides their controls and the rest works."""
    page = console.page
    item = store_with_item(console, "older", "gina", "Plays the cello.")
    missing = re.compile(r"/(expiration|revisions|export|audit)(\?|$)")
    page.route(
        missing,
        lambda route: route.fulfill(
            status=404, content_type="application/json", body='{"message":"Not Found"}'
        ),
    )
    console.open(f"#/store/older/scope/gina/memory/{item['memory_id']}")
    expect(page.locator("blockquote")).to_have_text("Plays the cello.")
    expect(page.get_by_role("heading", name="Expiry")).to_have_count(0)
    expect(page.get_by_role("heading", name=re.compile("^Revisions"))).to_have_count(0)
    expect(page.get_by_role("button", name="Save")).to_be_visible()
    console.open("#/store/older/scope/gina")
    expect(page.get_by_role("link", name="Plays the cello.")).to_be_visible()
    expect(page.get_by_role("button", name="Export as JSON Lines")).to_have_count(0)
    expect(page.get_by_role("link", name="Deletion audit of this scope")).to_have_count(0)
    console.open("#/store/older")
    expect(page.get_by_role("link", name="Deletion audit of this store")).to_have_count(0)
    expect(page.get_by_role("alert")).to_be_hidden()


def test_memories_are_grouped_newest_first_and_paged(console: Console):
    page = console.page
    assert (
        console.api("POST", "/memory_stores", {"name": "many", "definition": {"kind": "default"}})[0] == 201
    )
    for n in range(25):
        body = {"scope": "ivy", "content": f"Fact number {n}.", "kind": "user_profile"}
        assert console.api("POST", "/memory_stores/many/items", body)[0] == 201
    body = {"scope": "ivy", "content": "Steps to book a train.", "kind": "procedural"}
    assert console.api("POST", "/memory_stores/many/items", body)[0] == 201
    facts = [i for i in items_of(console, "many", "ivy") if i["kind"] == "user_profile"]
    newest = sorted(facts, key=lambda i: (i["created_at"], i["memory_id"]), reverse=True)
    console.open("#/store/many/scope/ivy")
    profile = page.get_by_role("list", name="Profile")
    expect(profile.locator("> li")).to_have_count(20)
    expect(profile.locator("> li a")).to_have_text([i["content"] for i in newest[:20]])
    expect(page.get_by_role("list", name="Procedures").locator("> li")).to_have_count(1)
    expect(page.get_by_role("heading", name="Profile (25)")).to_be_visible()
    page.get_by_role("button", name="Show older profile").click()
    expect(profile.locator("> li")).to_have_count(25)
    expect(profile.locator("> li a")).to_have_text([i["content"] for i in newest])
    expect(page.get_by_role("button", name="Show older profile")).to_be_hidden()


def test_memory_text_is_shown_as_text_never_as_markup(console: Console):
    markup = "Likes <b>bold</b> tea <img src=x onerror=alert(1)> and <i>jazz</i>"
    item = store_with_item(console, "markup", "jill", markup)
    page = console.page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    console.open("#/store/markup/scope/jill")
    expect(page.get_by_role("link", name=markup)).to_be_visible()
    console.open(f"#/store/markup/scope/jill/memory/{item['memory_id']}")
    expect(page.locator("blockquote")).to_have_text(markup)
    assert page.locator("main img, main b").count() == 0
    assert dialogs == []


def test_connection_settings_go_with_every_api_call(console: Console):
    page = console.page
    store_with_item(console, "conn", "henry", "Likes jazz.")
    sent: list[dict[str, str]] = []
    page.on(
        "request", lambda request: sent.append(request.headers) if "/memory_stores" in request.url else None
    )
    console.open()
    page.get_by_text("Connection", exact=True).click()
    page.get_by_label("Bearer token (JWT deployments)").fill("token-123")
    page.get_by_label("Act for user (x-memory-user-id, optional)").fill("henry")
    page.get_by_role("button", name="Apply").click()
    expect(page.get_by_role("status")).to_have_text("Connection settings applied.")
    sent.clear()
    page.evaluate("location.hash = '#/store/conn/scope/' + encodeURIComponent('{{$userId}}')")
    expect(heading(console)).to_have_text("Scope {{$userId}}")
    expect(page.get_by_role("link", name="Likes jazz.")).to_be_visible()
    assert sent
    assert all(h.get("authorization") == "Bearer token-123" for h in sent)
    assert all(h.get("x-memory-user-id") == "henry" for h in sent)


# ------------------------------------------------------------------ keyboard, labels, contrast, sizes
LABELS_JS = """() => [...document.querySelectorAll('input, select, textarea, button')]
  .filter((el) => el.type !== 'hidden' && el.offsetParent !== null)
  .filter((el) => !((el.labels && el.labels.length) || el.getAttribute('aria-label')
    || el.getAttribute('aria-labelledby') || (el.tagName === 'BUTTON' && el.textContent.trim())))
  .map((el) => el.outerHTML.slice(0, 120))"""

CONTRAST_JS = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const background = (el) => { while (el) { const c = getComputedStyle(el).backgroundColor;
    if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') return c; el = el.parentElement; } return 'rgb(255, 255, 255)'; };
  const low = [];
  for (const el of document.querySelectorAll('h1, h2, h3, p, a, label, button, dt, dd, span, li, summary')) {
    if (!el.offsetParent || !el.textContent.trim()) continue;
    const a = lum(getComputedStyle(el).color), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) low.push(`${el.tagName}.${el.className}: ${ratio.toFixed(2)}`);
  }
  return low; }"""


def check_labels_and_contrast(console: Console) -> None:
    assert console.page.evaluate(LABELS_JS) == []
    assert console.page.evaluate(CONTRAST_JS) == []


def test_keyboard_navigation_labels_and_contrast(console: Console):
    page = console.page
    item = store_with_item(console, "keys", "erin", "Reads sci-fi.")
    console.open()
    check_labels_and_contrast(console)

    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"

    page.get_by_role("link", name="keys", exact=True).focus()
    page.keyboard.press("Enter")
    expect(heading(console)).to_have_text("Store keys")
    assert page.evaluate("document.activeElement.tagName") == "H1"
    check_labels_and_contrast(console)

    page.get_by_label("Scope", exact=True).focus()
    page.keyboard.type("erin")
    page.keyboard.press("Enter")
    expect(heading(console)).to_have_text("Scope erin")
    check_labels_and_contrast(console)

    page.get_by_role("link", name="Reads sci-fi.").focus()
    page.keyboard.press("Enter")
    expect(heading(console)).to_have_text(f"Memory {item['memory_id']}")
    check_labels_and_contrast(console)
    page.get_by_role("button", name="Delete memory").focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    assert page.evaluate("document.activeElement.textContent") == "Cancel"
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    assert console.api("GET", f"/memory_stores/keys/items/{item['memory_id']}")[0] == 200


@pytest.mark.parametrize("size", [WIDE, NARROW], ids=["1280x800", "390px"])
def test_every_view_fits_the_screen(browser: Any, server: Any, size: dict[str, int]):
    context, console = open_console(browser, server, size)
    try:
        page = console.page
        name = f"fit{size['width']}"
        item = store_with_item(console, name, "frank", "Cycles to work every day along the canal.")
        views = {
            "stores": "",
            "store": f"#/store/{name}",
            "scope": f"#/store/{name}/scope/frank",
            "memory": f"#/store/{name}/scope/frank/memory/{item['memory_id']}",
        }
        for view, fragment in views.items():
            console.open(fragment)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, (view, overflow)
            if size["width"] == NARROW["width"]:
                console.shot(f"narrow-{view}")
        assert console.foreign_requests() == []
        assert console.page_errors == []
    finally:
        context.close()


def test_the_page_loads_nothing_from_elsewhere_and_says_so_in_its_policy(console: Console):
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(console.url, timeout=10) as response:
        policy = response.headers["content-security-policy"]
        html = response.read().decode()
    assert "connect-src 'self'" in policy and "default-src 'none'" in policy
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    console.open()
    loaded = {u.rsplit("/", 1)[-1] for u in console.requests if "/console" in u}
    assert {"console", "console.css", "console.js", "api.js", "text.js"} <= loaded
