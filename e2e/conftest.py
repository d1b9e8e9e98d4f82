"""End-to-end set-up: the built site served on 127.0.0.1, Debian's Chromium, and guards that fail
any test on a request off 127.0.0.1, a console error, a page error or a Python error element."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from chromium import evidence, evidence_folder  # noqa: E402
from crashwatch import Watch  # noqa: E402

from driver import PHONE, Guard, forget_games, open_page  # noqa: E402
from serve import SiteServer, serve_in_thread  # noqa: E402

ARTIFACTS = ROOT / "artifacts"
BROWSER_EVIDENCE = evidence_folder()  # the browser's log and crash dumps (tools/chromium.py)
CRASH = re.compile(r"Target crashed|Page crashed")
WATCH = Watch(BROWSER_EVIDENCE)
PHONE_PROFILE = {"viewport": PHONE, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, **evidence(BROWSER_EVIDENCE)}


@pytest.fixture(autouse=True)
def crash_watch(request: pytest.FixtureRequest) -> Iterator[None]:
    WATCH.begin(request.node.nodeid)
    yield
    WATCH.record()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failure from a crashed renderer says what is known of it, in the test's report and in
    artifacts/browser/crashes.txt."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.failed and CRASH.search(str(report.longrepr)):
        note = WATCH.note()
        report.sections.append(("renderer crash", note))
        with (BROWSER_EVIDENCE / "crashes.txt").open("a", encoding="utf-8") as notes:
            notes.write(time.strftime("%Y-%m-%d %H:%M:%S ") + note + "\n\n")


# How long any wait of a test may take before it fails. Never a measure of speed: a test waits for
# what the page does, and this only ends a wait for something that will not happen. Generous, since
# a busy 2-core machine can be many times slower than an idle one. For Playwright's waits (the
# context's default) and its expect() assertions (5 s otherwise).
WAIT_MS = 60_000
expect.set_options(timeout=WAIT_MS)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "warm: the tests start in a browser profile that has played the game before "
                            "(its service worker in charge, its snapshot stored), its storage emptied for each test")
    config.addinivalue_line("markers", "fresh: this test needs a profile of its own (a first visit, the page's clock)")


REFUSED = ("a warm test shares its profile with the next ones: one that holds the clock, "
           "goes offline or changes the whole profile is @pytest.mark.fresh (or opens a profile of its own)")


def played_once(context: BrowserContext, site_url: str) -> BrowserContext:
    """``context`` once it has opened the game (its service worker in charge, its snapshot stored),
    refusing from then on what would change it for the tests that share it."""
    page = context.new_page()
    open_page(page, f"{site_url}?lang=en")
    page.wait_for_selector("html[data-snapshot='saved']", timeout=WAIT_MS)
    page.close()

    def refuse(owner: object, name: str) -> None:
        def refused(*_args: object, **_kwargs: object) -> None:
            raise AssertionError(f"{name}: {REFUSED}")
        setattr(owner, name, refused)

    for name in ("install", "pause_at", "set_fixed_time", "set_system_time", "run_for", "fast_forward", "resume"):
        refuse(context.clock, name)
    for name in ("set_offline", "route", "add_init_script", "grant_permissions", "set_extra_http_headers", "close"):
        refuse(context, name)
    return context


def leave_clean(context: BrowserContext, site_url: str) -> None:
    """A shared profile after a test: its pages leave the site and close, and the site's stored
    games, settings and statistics go (its service worker and snapshot stay)."""
    for page in context.pages:
        page.goto("about:blank")  # no game goes on saving itself after the clear
    forget_games(context.pages[0] if context.pages else context.new_page(), site_url)
    for page in list(context.pages):
        page.close()


@pytest.fixture(scope="session")
def played_before(browser: Browser, browser_context_args: dict[str, Any], site_url: str) -> Iterator[BrowserContext]:
    """One profile for the warm tests, which has opened the game once: a new page in it starts
    as a player's second visit does (from the service worker and the stored snapshot), without the
    few seconds that Pyodide takes to start on a first visit."""
    context = watched(browser.new_context(**browser_context_args))
    yield played_once(context, site_url)
    BrowserContext.close(context)


@pytest.fixture(scope="session")
def played_before_on_a_phone(browser: Browser, browser_context_args: dict[str, Any],
                             site_url: str) -> Iterator[BrowserContext]:
    """The same on a phone (360×740, a finger: touch and a mobile viewport)."""
    context = watched(browser.new_context(**{**browser_context_args, **PHONE_PROFILE}))
    yield played_once(context, site_url)
    BrowserContext.close(context)


class Profiles:
    """The profiles that have played before, for a test that opens pages in them itself: each is
    left clean after the test, and before it is handed out again in the same test (a new visit,
    as if from another browser that has played before)."""

    def __init__(self, request: pytest.FixtureRequest, site_url: str) -> None:
        self.request, self.site_url = request, site_url
        self.used: list[BrowserContext] = []
        self.guard = Guard()  # what must fail the test, from every page it opened in them

    def page_error(self, error: Any) -> None:
        self.guard.problems.append(f"page error: {error.error}")

    def phone(self) -> BrowserContext:
        return self.take("played_before_on_a_phone")

    def desktop(self) -> BrowserContext:
        return self.take("played_before")

    def of(self, touch: bool) -> BrowserContext:
        return self.phone() if touch else self.desktop()

    def take(self, name: str) -> BrowserContext:
        context: BrowserContext = self.request.getfixturevalue(name)
        if context in self.used:
            leave_clean(context, self.site_url)
        else:
            self.used.append(context)
            context.on("console", self.guard.console)
            context.on("weberror", self.page_error)
            context.on("request", self.guard.request)
        return context

    def done(self) -> None:
        """Every profile left clean, and what its pages said wrong fails the test."""
        for context in self.used:
            context.remove_listener("console", self.guard.console)
            context.remove_listener("weberror", self.page_error)
            context.remove_listener("request", self.guard.request)
            leave_clean(context, self.site_url)
        assert not self.guard.problems, "\n".join(self.guard.problems)


@pytest.fixture
def played(request: pytest.FixtureRequest, site_url: str) -> Iterator[Profiles]:
    """Profiles that have played before (``played.phone()``, ``played.desktop()``), for a test that
    needs no profile of its own (no clock, permissions, routes or going offline for the whole
    profile) and opens its pages itself; they close with the test."""
    profiles = Profiles(request, site_url)
    yield profiles
    profiles.done()


@pytest.fixture
def context(request: pytest.FixtureRequest, new_context: Callable[..., BrowserContext],
            site_url: str) -> Iterator[BrowserContext]:
    """A profile of the test's own, or in a ``warm`` module the module's profile that has played before
    (Playwright's clock is a profile's: a test that holds it is ``fresh``). After a warm test its
    pages leave the site and close, and the site's stored games, settings and statistics go."""
    node = request.node
    if node.get_closest_marker("warm") is None or node.get_closest_marker("fresh") is not None:
        yield watched(new_context())
        return
    if node.get_closest_marker("browser_context_args") is not None:
        raise AssertionError("a warm test's profile is the shared one: a test with browser_context_args "
                             "of its own is @pytest.mark.fresh")
    shared: BrowserContext = request.getfixturevalue("played_before")
    yield shared
    leave_clean(shared, site_url)


def watched(context: BrowserContext) -> BrowserContext:
    """``context`` with the tests' wait limit, its pages' memory reported (for a crash's note)."""
    context.set_default_timeout(WAIT_MS)
    WATCH.watch(context)
    return context


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    site = ROOT / "site"
    if not (site / "index.html").exists():
        pytest.exit("site/ is not built: run ./dev test (or python tools/build.py)", returncode=2)
    server, url = serve_in_thread(site)
    yield url
    server.shutdown()


@pytest.fixture
def own_server() -> Iterator[tuple[SiteServer, str]]:
    """The site on a server of the test's own (its own origin, so its own service worker and
    storage), which the test can stop or switch to another build."""
    server, url = serve_in_thread(ROOT / "site")
    yield server, url
    server.shutdown()
    server.server_close()


def build_release(tmp_path_factory: pytest.TempPathFactory, variant: str) -> Path:
    """The current sources built as a release of their own (``variant`` only changes the build id)."""
    out = tmp_path_factory.mktemp(variant) / "site"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--out", str(out), "--variant", variant],
                   check=True, capture_output=True)
    return out


@pytest.fixture(scope="session")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A release of the current sources, for a test that needs two releases of the same files
    (site/ may have been built from older sources)."""
    return build_release(tmp_path_factory, "first")


@pytest.fixture(scope="session")
def second_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same sources built again as a different release (only the build id differs)."""
    return build_release(tmp_path_factory, "second")


@pytest.fixture
def guard(page: Page) -> Iterator[Guard]:
    watch = Guard()
    page.on("console", watch.console)
    page.on("pageerror", lambda error: None if watch.expect_errors else watch.problems.append(f"page error: {error}"))
    page.context.on("request", watch.request)
    def dialog(opened: Dialog) -> None:
        watch.problems.append(f"dialog opened: {opened.message}")
        opened.dismiss()

    page.on("dialog", dialog)
    yield watch
    page.context.remove_listener("request", watch.request)  # (a warm test's profile goes on to the next test)
    if not page.is_closed() and not watch.expect_errors and page.locator(".py-error").count():
        watch.problems.append("Python error element: " + page.locator(".py-error").first.inner_text()[:500])
    assert not watch.problems, "\n".join(watch.problems)


@pytest.fixture
def artifacts() -> Path:
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
