"""A real browser against a real server: headless Chromium (the system package, /usr/bin/chromium)
driven by Playwright, over `cvgraph serve` on the seed store.

The test loads the query page, picks an example, runs it and sees rows in the results table;
opens a person page from a result; follows a coauthor link to that person's page; and
searches from the header. No browser is downloaded: Playwright drives the system Chromium
through ``executable_path``. If Chromium is missing, scripts/install-browser.sh is run (it
installs the Debian package when the test runs as root with apt-get); the test skips, with
the reason, only when that is impossible.

Set CVGRAPH_SCREENSHOT=/tmp/some.png to save a screenshot of the person page.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.test_clients import LiveServer

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.slow


def _chromium() -> str:
    if not os.access(CHROMIUM, os.X_OK):
        proc = subprocess.run(["sh", str(ROOT / "scripts" / "install-browser.sh")],
                              capture_output=True, text=True, timeout=900)
        if not os.access(CHROMIUM, os.X_OK):
            pytest.skip(f"{CHROMIUM} is not installed and scripts/install-browser.sh could not "
                        f"install it: {(proc.stderr or proc.stdout).strip()[-300:]}")
    return CHROMIUM


@pytest.fixture(scope="module")
def browser_context(tmp_path_factory):
    playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed "
                                     "(pip install -e '.[test]')")
    executable = _chromium()
    profile = tmp_path_factory.mktemp("chromium-profile")
    with playwright.sync_playwright() as p:
        # --user-data-dir is given as the persistent context's directory (Playwright's way)
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=executable, headless=True, args=ARGS,
            viewport={"width": 1280, "height": 900})
        try:
            yield context
        finally:
            context.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def server(built_store):
    srv = LiveServer(built_store[0])
    yield srv
    srv.close()


@pytest.fixture(scope="module")
def store(built_store):
    from cvgraph.store import open_read
    s = open_read(built_store[0])
    yield s
    del s


def test_query_page_person_coauthor_search(browser_context, server, store):
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # 1. the query page: pick an example, run it, see its rows
    page.goto(server.url + "/")
    assert page.title() == "cvgraph SPARQL query"
    page.select_option("#examples", label="People and their names")
    query = page.input_value("#query")
    expected = list(store.query(query))
    assert expected
    page.click("#run")
    page.wait_for_selector("#results table tbody tr")
    assert page.locator("#results table tbody tr").count() == len(expected)
    assert f"{len(expected)} results" in page.inner_text("#status")
    headers = page.locator("#results thead th").all_inner_texts()
    assert headers == ["?person", "?name"]

    # 2. a person page from the results (a person who has coauthors)
    with_coauthors = {s["p"].value for s in store.query(
        "PREFIX schema: <http://schema.org/> SELECT DISTINCT ?p WHERE { ?d schema:about ?p . "
        "?w schema:author ?p, ?c FILTER(?c != ?p) }")}
    links = page.locator("#results a[href^='/person/']")
    hrefs = links.evaluate_all("els => els.map(e => e.getAttribute('href'))")
    target = next(h for h in hrefs if any(urlparse(p).path == h for p in with_coauthors))
    page.click(f"#results a[href='{target}']")
    page.wait_for_selector("h1.person-name")
    assert urlparse(page.url).path == target
    name = page.inner_text("h1.person-name")
    assert name
    assert page.locator("ol.timeline li").count() > 0
    assert page.locator("svg.coauthors a.node").count() > 0
    if os.environ.get("CVGRAPH_SCREENSHOT"):
        page.screenshot(path=os.environ["CVGRAPH_SCREENSHOT"], full_page=True)

    # 3. follow a coauthor link to that coauthor's own page
    coauthor = page.locator("ul.pubs .authors a[href^='/person/']").first
    coauthor_name = coauthor.inner_text()
    coauthor_href = coauthor.get_attribute("href")
    assert coauthor_href != target
    coauthor.click()
    page.wait_for_url(server.url + coauthor_href)
    assert page.locator("h1").first.inner_text().strip()
    assert coauthor_name in page.inner_text("main")
    # and back to the first person through the coauthor's publication list
    assert page.locator(f"a[href='{target}']").count() > 0

    # 4. search from the header, with a typo
    typo = name[:-2] + name[-1] + name[-2]
    page.fill("header form.search input[name=q]", typo)
    page.press("header form.search input[name=q]", "Enter")
    page.wait_for_selector("ul.search-results")
    first = page.locator("ul.search-results[data-kind=person] li a").first
    assert first.get_attribute("href") == target
    assert errors == []
    page.close()
