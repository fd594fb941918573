"""The screenshots of docs/console.md: `memstore local` on a free port, a demo store and scope made
through the console itself, and each view captured in headless Debian Chromium.

    .venv/bin/python -m tests.browser.screenshots            # writes docs/console/*.png

With Debian's pngquant installed (`apt-get install pngquant`), the PNGs are reduced to a palette
(a third of the size, no visible change); without it they are kept as Chromium wrote them.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.browser.chromium import launch, missing_reason

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "console"
VIEWPORT = {"width": 1100, "height": 720}
NARROW = {"width": 390, "height": 760}
FIRST = (
    "user: I prefer dark roast coffee\nassistant: Noted.\nuser: I live in Lyon and I have a dog named Rex."
)
SECOND = "user: I moved to Paris last week, I no longer live in Lyon."


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    reason = missing_reason()
    if reason is not None:
        print(reason, file=sys.stderr)
        return 1
    from playwright.sync_api import expect, sync_playwright

    from memstore_local import LocalRuntime, run_in_thread

    expect.set_options(timeout=60_000)
    args.out.mkdir(parents=True, exist_ok=True)
    server = run_in_thread(LocalRuntime(ROOT / "template.yaml"), port=0)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            try:
                capture(browser, server.url.rstrip("/"), args.out, expect)
            finally:
                browser.close()
    finally:
        server.stop()
    shrink(sorted(args.out.glob("*.png")))
    for path in sorted(args.out.glob("*.png")):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} KB")
    return 0


def shrink(paths: list[Path]) -> None:
    pngquant = shutil.which("pngquant")
    if pngquant is None:
        print("pngquant is not installed: the screenshots keep Chromium's encoding", file=sys.stderr)
        return
    for path in paths:
        subprocess.run(
            [
                pngquant,
                "--quality=70-90",
                "--strip",
                "--force",
                "--skip-if-larger",
                "--output",
                str(path),
                str(path),
            ],
            check=False,
        )


def capture(browser: Any, base: str, out: Path, expect: Any) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    h1 = page.get_by_role("heading", level=1)

    def shot(name: str, full_page: bool = False) -> None:
        page.wait_for_selector("main:not([aria-busy])")
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.screenshot(path=str(out / f"{name}.png"), full_page=full_page)

    page.goto(f"{base}/console")
    page.get_by_label("Name", exact=True).fill("travel-agent")
    page.get_by_label("Description (optional)").fill("Memories of the travel assistant")
    page.get_by_role("button", name="Create store").click()
    expect(h1).to_have_text("Store travel-agent")
    page.get_by_label("Scope", exact=True).fill("alice")
    page.get_by_role("button", name="Open scope").click()
    expect(h1).to_have_text("Scope alice")
    page.get_by_label("Conversation").fill(FIRST)
    page.get_by_role("button", name="Submit conversation").click()
    expect(page.locator(".badge")).to_have_text("completed")
    page.get_by_role("link", name="Back to the scope").click()
    expect(h1).to_have_text("Scope alice")
    page.get_by_label("Conversation").fill(SECOND)
    page.get_by_role("button", name="Submit conversation").click()
    expect(page.locator(".badge")).to_have_text("completed")
    shot("update")

    page.goto(f"{base}/console#/")
    expect(h1).to_have_text("Memory stores")
    shot("stores")
    page.get_by_role("link", name="travel-agent").click()
    expect(h1).to_have_text("Store travel-agent")
    shot("store")

    page.goto(f"{base}/console#/store/travel-agent/scope/alice")
    expect(h1).to_have_text("Scope alice")
    page.get_by_label("Search this scope's memories (as the newest user message)").fill(
        "Where does the user live?"
    )
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.locator("ol.results > li").first).to_be_visible()
    shot("scope")
    page.get_by_role("button", name="What would the agent see?").click()
    expect(
        page.get_by_role("heading", name="What the agent sees without a conversation (static search)")
    ).to_be_visible()
    page.get_by_role("heading", name="Search", exact=True).scroll_into_view_if_needed()
    shot("static-search")

    page.locator("ol.results a", has_text="Paris").first.click()
    expect(h1).to_have_text(re.compile(r"^Memory mem_"))
    shot("memory", full_page=True)

    page.goto(f"{base}/console#/store/travel-agent/scope/alice")
    expect(h1).to_have_text("Scope alice")
    page.get_by_role("button", name="Delete this scope").click()
    page.get_by_role("dialog").get_by_label(re.compile("to confirm")).fill("ali")
    page.screenshot(path=str(out / "delete-scope.png"))
    page.get_by_role("dialog").get_by_role("button", name="Cancel").click()
    context.close()

    narrow = browser.new_context(viewport=NARROW)
    page = narrow.new_page()
    page.goto(f"{base}/console#/store/travel-agent/scope/alice")
    expect(page.get_by_role("heading", level=1)).to_have_text("Scope alice")
    page.wait_for_selector("main:not([aria-busy])")
    page.screenshot(path=str(out / "narrow-scope.png"))
    narrow.close()


if __name__ == "__main__":
    sys.exit(main())
