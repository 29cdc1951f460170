"""Print the invented CVs in tests/fixtures/pdf/*.html to PDF with headless Chromium, as the
PDF tests read them. The PDFs are committed; run this only to change a fixture:

    .venv/bin/python scripts/make_pdf_fixtures.py [NAME.html ...]

A file whose HTML contains "<!-- footer -->" gets a running footer with page numbers."""
from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "pdf"
FOOTER = ('<div style="font-size:8pt;width:100%;text-align:center">'
          'Curriculum Vitae — Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>')


def main(names: list[str]) -> None:
    files = [FIXTURES / n for n in names] if names else sorted(FIXTURES.glob("*.html"))
    with sync_playwright() as p:
        browser = p.chromium.launch()
        page = browser.new_page()
        for html in files:
            text = html.read_text(encoding="utf-8")
            page.goto(html.resolve().as_uri())
            options = {}
            if "<!-- footer -->" in text:
                options = dict(display_header_footer=True, header_template="<span></span>", footer_template=FOOTER,
                               margin={"top": "20mm", "bottom": "20mm", "left": "20mm", "right": "20mm"})
            page.pdf(path=str(html.with_suffix(".pdf")), format="Letter" if "letter" in text[:300].lower() else "A4",
                     print_background=True, prefer_css_page_size=not options, **options)
            print("wrote", html.with_suffix(".pdf"))
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
