"""A real `memstore local` (the template, the handlers, moto, the local scheduler) on a free port,
and headless Chromium pointed at its /console. Every page records the requests it makes: after
each test, none may have gone to a host other than the API's."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.chromium import launch

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "console-screenshots"
WIDE = {"width": 1280, "height": 800}
NARROW = {"width": 390, "height": 844}


@dataclass
class Console:
    page: Any
    base_url: str
    api: Any
    requests: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"{self.base_url}/console"

    def open(self, fragment: str = "") -> None:
        self.page.goto(self.url + fragment)
        self.page.wait_for_selector("main:not([aria-busy])")

    def shot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def foreign_requests(self) -> list[str]:
        own = urlsplit(self.base_url).netloc
        return [
            u
            for u in self.requests
            if urlsplit(u).scheme in ("http", "https", "ws", "wss") and urlsplit(u).netloc != own
        ]


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    from memstore_local import LocalRuntime, run_in_thread

    running = run_in_thread(LocalRuntime(ROOT / "template.yaml"), port=0)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


def open_console(browser: Any, server: Any, viewport: dict[str, int]) -> tuple[Any, Console]:
    from tests.integration.test_local_http_walkthrough import Client

    context = browser.new_context(viewport=viewport, accept_downloads=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    console = Console(page=page, base_url=server.url.rstrip("/"), api=Client(server.url.rstrip("/")))
    context.on("request", lambda request: console.requests.append(request.url))
    page.on("pageerror", lambda error: console.page_errors.append(str(error)))
    return context, console


@pytest.fixture
def console(browser: Any, server: Any) -> Iterator[Console]:
    context, opened = open_console(browser, server, WIDE)
    try:
        yield opened
        assert opened.foreign_requests() == []
        assert opened.page_errors == []
    finally:
        context.close()
