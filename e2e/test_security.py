"""The page under its Content-Security-Policy, and links that cannot be turned to another site."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Route

from driver import play_to_end, wait_ready

# Every securitypolicyviolation event the page sees, from its first script on.
WATCH_VIOLATIONS = """window.violations = [];
addEventListener("securitypolicyviolation", (event) => {
  window.violations.push(event.violatedDirective + " " + (event.blockedURI || "inline") + " " + event.sourceFile);
}, true);"""


def test_the_page_runs_under_its_content_security_policy(page: Page, guard: object, site_url: str) -> None:
    page.add_init_script(WATCH_VIOLATIONS)
    response = page.goto(f"{site_url}?players=2&target=1&seed=8&speed=instant&lang=en")
    assert response is not None
    policy = response.headers.get("content-security-policy", "")
    directives = {part.strip().split(" ")[0]: part.strip() for part in policy.split(";") if part.strip()}
    assert directives["default-src"] == "default-src 'self'"
    assert directives["object-src"] == "object-src 'none'"
    assert directives["base-uri"] == "base-uri 'none'"
    assert "'unsafe-inline'" not in policy and "data:" not in policy and "*" not in policy
    assert "frame-ancestors" not in directives  # other sites may embed the game
    wait_ready(page)
    page.click("#rules-button")
    page.click("#rules-close")
    page.click("#settings-button")
    page.click("#settings-close")
    play_to_end(page)
    assert page.evaluate("window.violations") == []
    # Nothing in the page needs what the policy forbids: no inline handlers, no data: icon.
    assert page.evaluate("""() => [...document.querySelectorAll('*')].filter(
      (node) => [...node.attributes].some((a) => a.name.startsWith('on'))).length""") == 0
    assert not (page.get_attribute('link[rel="icon"]', "href") or "").startswith("data:")


def test_the_example_page_runs_under_the_policy(page: Page, guard: object, site_url: str) -> None:
    page.add_init_script(WATCH_VIOLATIONS)
    page.goto(f"{site_url}web/examples/rules.html")
    frame = page.locator("iframe.frame-capture").element_handle().content_frame()
    assert frame is not None
    wait_ready(frame)
    assert page.evaluate("window.violations") == []
    assert frame.evaluate("window.violations") == []


@pytest.mark.browser_context_args(service_workers="block")
def test_the_full_game_link_stays_on_the_site(page: Page, guard: object, site_url: str) -> None:
    # A host that resolves "..%2F" serves the page at this address; the link must not leave the site.
    prefix = "/evil.example/..%2F/"
    origin = site_url.rstrip("/")

    def strip_prefix(route: Route) -> None:
        route.continue_(url=route.request.url.replace(origin + "/" + prefix, origin + "/", 1))

    page.route(re.compile("^" + re.escape(origin + "/" + prefix)), strip_prefix)
    page.goto(f"{origin}/{prefix}index.html?embed=1&lang=en")
    wait_ready(page)
    assert urlsplit(page.url).path == "/" + prefix + "index.html"
    link = page.locator("#full-game")
    assert link.is_visible()
    href = link.evaluate("a => a.href")
    assert urlsplit(href).netloc == urlsplit(site_url).netloc, href
    assert link.get_attribute("target") == "_blank"
