#!/usr/bin/env python3
"""Drives the reading web app of `reader serve` in headless Chromium over the DevTools protocol.

Run by ReaderServerTests (WebAppBrowserTests) against servers it started:

    browser_reading_app.py --folder-url http://127.0.0.1:P --library-url http://127.0.0.1:Q \
        --book-title "The Lighthouse Keeper" --artifacts DIR

Opens the library grid (covers, search, sort), opens a book, turns pages with keys, clicks and a
swipe, jumps from the table of contents, searches and follows a highlighted hit, changes theme
and text size, reloads and checks it lands on the same place; against the writable library it
checks that the position, a bookmark and a highlight are stored through the API and come back
after a reload with the browser's storage cleared. Screenshots go to DIR. Any Content-Security-
Policy violation or uncaught script error fails the run. Only the standard library is used (the
WebSocket client is below); every wait is bounded. Exits 0 when every check passed.
"""
import argparse
import base64
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

TIMEOUT = 15.0  # seconds for any single wait


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)
    print("  ok: " + message, flush=True)


# ---- A minimal WebSocket client (RFC 6455, client side, text frames) ----

class WebSocket:
    def __init__(self, url):
        assert url.startswith("ws://")
        host_port, _, path = url[5:].partition("/")
        host, _, port = host_port.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Failure("the DevTools WebSocket closed during the handshake")
            response += chunk
        head, _, self.buffer = response.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise Failure("the DevTools WebSocket refused the handshake: " + head.decode(errors="replace"))

    def send(self, text):
        payload = text.encode()
        header = bytearray([0x81])
        length = len(payload)
        if length < 126:
            header.append(0x80 | length)
        elif length < 65536:
            header.append(0x80 | 126)
            header += struct.pack(">H", length)
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", length)
        mask = os.urandom(4)
        header += mask
        self.sock.sendall(bytes(header) + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(max(65536, count - len(self.buffer)))
            if not chunk:
                raise Failure("the DevTools WebSocket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            if second & 0x80:
                self._read(4)  # servers do not mask; skip a mask if one came
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise Failure("the DevTools WebSocket was closed by the browser")
            if opcode in (0x9, 0xA):
                continue
            message += payload
            if first & 0x80:
                return message.decode()


# ---- The DevTools protocol over it ----

class Browser:
    def __init__(self, artifacts):
        self.binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not self.binary:
            raise Failure("Chromium is not installed (Debian: apt-get install chromium; scripts/install-deps.sh does)")
        self.profile = tempfile.mkdtemp(prefix="reader-chromium-")
        self.log = open(os.path.join(artifacts, "chromium.log"), "wb")
        self.process = subprocess.Popen(
            [self.binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
             "--disable-background-networking", "--disable-component-update", "--mute-audio",
             "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1", f"--user-data-dir={self.profile}",
             "--window-size=1280,860", "about:blank"],
            stdout=self.log, stderr=self.log)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if self.process.poll() is not None:
                raise Failure(f"Chromium exited with {self.process.returncode} (see {self.log.name})")
            if time.time() > deadline:
                raise Failure("Chromium did not open its DevTools port within 30 s")
            time.sleep(0.1)
        time.sleep(0.2)
        port = open(port_file).read().split()[0]
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=TIMEOUT))
        page = next(t for t in targets if t.get("type") == "page")
        self.ws = WebSocket(page["webSocketDebuggerUrl"])
        self.next_id = 0
        self.events = []
        self.problems = []  # CSP violations, console errors and uncaught exceptions
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")
        self.call("Page.addScriptToEvaluateOnNewDocument", source=(
            "document.addEventListener('securitypolicyviolation', (e) => {"
            " (window.__cspViolations = window.__cspViolations || []).push(e.violatedDirective + ' ' + e.blockedURI); });"))
        self.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=1)

    def close(self):
        try:
            self.process.terminate()
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _record(self, event):
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.problems.append("uncaught: " + (details.get("exception", {}).get("description") or details.get("text", "")))
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            text = entry.get("text", "")
            # A folder served without a library answers 404 (405 to writes on a read-only server)
            # for positions and annotations, which the app expects (it keeps them in the browser
            # then); any other failed load counts.
            optional = entry.get("source") == "network" and ("404" in text or "405" in text) and \
                entry.get("url", "").rsplit("/", 1)[-1] in ("position", "bookmarks", "highlights")
            if entry.get("level") == "error" and not optional:
                self.problems.append(f"console ({entry.get('source')}): {text} {entry.get('url', '')}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            self.problems.append("console.error: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))

    def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            message = json.loads(self.ws.receive())
            if message.get("id") == ident:
                if "error" in message:
                    raise Failure(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self._record(message)
        raise Failure(f"{method}: no answer within {TIMEOUT} s")

    def js(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise Failure(f"script failed: {expression[:120]}: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result.get("result", {}).get("value")

    def wait(self, expression, message, timeout=TIMEOUT):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.1)
        raise Failure("timed out waiting: " + message)

    def navigate(self, url):
        self.call("Page.navigate", url=url)

    def reload(self):
        self.call("Page.reload", ignoreCache=False)

    def key(self, key, code=None, key_code=None, text=None):
        code = code or key
        base = {"key": key, "code": code}
        if key_code:
            base["windowsVirtualKeyCode"] = key_code
        if text:
            self.call("Input.dispatchKeyEvent", type="keyDown", text=text, **base)
        else:
            self.call("Input.dispatchKeyEvent", type="rawKeyDown", **base)
        self.call("Input.dispatchKeyEvent", type="keyUp", **base)

    def type_text(self, text):
        for char in text:
            self.call("Input.dispatchKeyEvent", type="keyDown", key=char, text=char)
            self.call("Input.dispatchKeyEvent", type="keyUp", key=char)

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def click_selector(self, selector):
        box = self.js(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
        if not box:
            raise Failure("nothing to click at " + selector)
        self.click(box[0], box[1])

    def swipe(self, from_x, to_x, y):
        self.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": from_x, "y": y}])
        steps = 6
        for step in range(1, steps + 1):
            x = from_x + (to_x - from_x) * step / steps
            self.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": x, "y": y}])
        self.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        print("  screenshot: " + path, flush=True)

    def drain(self, seconds=0.3):
        """Reads events for a moment (console messages arrive asynchronously)."""
        self.js(f"new Promise((resolve) => setTimeout(resolve, {int(seconds * 1000)}))")

    def violations(self):
        self.drain()
        in_page = self.js("window.__cspViolations || []") or []
        return in_page + self.problems


def get_json(url):
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        raise Failure(f"GET {url}: {error.code} {error.read()[:200]!r}")


STATE = "(window.readerApp && window.readerApp.state() && window.readerApp.state().ready ? window.readerApp.state() : null)"


def reader_state(browser):
    return browser.js(STATE)


def wait_for_page(browser, message):
    return browser.wait(f"(() => {{ const s = {STATE}; return s && s.section >= 0 && "
                        "document.getElementById('content').childElementCount > 0 && "
                        "document.getElementById('page-info').textContent.length > 0 ? s : null; })()", message)


def wait_for_place(browser, before, timeout=5):
    """The state once it shows `before`'s section and page, or the last state after `timeout` s."""
    deadline = time.time() + timeout
    state = None
    while time.time() < deadline:
        state = reader_state(browser)
        if state and position_key(state) == position_key(before):
            return state
        time.sleep(0.1)
    return state or {"section": None, "page": None}


def visible_text(browser):
    """The text of the content that lies inside the page frame."""
    return browser.js("""(() => {
        const frame = document.getElementById('page-frame').getBoundingClientRect();
        const walker = document.createTreeWalker(document.getElementById('content'), NodeFilter.SHOW_TEXT);
        let text = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange(); range.selectNodeContents(node);
            for (const r of range.getClientRects()) {
                if (r.right > frame.left + 1 && r.left < frame.right - 1) { text += node.data; break; }
            }
        }
        return text.replace(/\s+/g, ' '); })()""")


def position_key(state):
    return (state["section"], state["page"])


def turn_and_wait(browser, action, before, message):
    action()
    return browser.wait(f"(() => {{ const s = {STATE}; return s && (s.section !== {before['section']} || "
                        f"s.page !== {before['page']}) ? s : null; }})()", message)


def folder_checks(browser, base, title, artifacts):
    books = get_json(base + "/api/books?limit=100")
    book = next((b for b in books["items"] if (b["title"] or "").startswith(title)), None)
    check(book is not None, f"the API lists “{title}”")
    with_cover = [b for b in books["items"] if b.get("cover")]

    print("library grid", flush=True)
    browser.navigate(base + "/")
    count = browser.wait(f"document.querySelectorAll('.book-card').length >= {books['total']} && "
                         "document.querySelectorAll('.book-card').length", "the library grid")
    check(count == books["total"], f"the grid shows every book ({count})")
    if with_cover:
        loaded = browser.wait(f"(() => {{ const i = Array.from(document.querySelectorAll('.cover img'));"
                              f" return i.length === {len(with_cover)} && i.every(e => e.complete && e.naturalWidth > 0) && i.length; }})()",
                              "every cover image to load")
        check(loaded == len(with_cover), f"{loaded} cover image(s) loaded from the server")
    browser.drain(0.5)
    browser.screenshot(os.path.join(artifacts, "library.png"))

    word = title.split()[-1]
    browser.click_selector("#library-search")
    browser.type_text(word)
    matching = [b for b in get_json(base + "/api/books?limit=100&q=" + urllib.parse.quote(word))["items"]]
    shown = browser.wait(f"(() => {{ const n = document.querySelectorAll('.book-card').length; return n === {len(matching)} && "
                         f"Array.from(document.querySelectorAll('.book-title')).map(e => e.textContent); }})()",
                         "the grid to show the search's books")
    check(any(t.startswith(title) for t in shown) and len(shown) < count, f"searching “{word}” narrows the grid to {shown}")
    browser.js("(() => { const s = document.getElementById('library-search'); s.value = ''; s.dispatchEvent(new Event('input')); })()")
    browser.wait(f"document.querySelectorAll('.book-card').length === {count}", "the whole grid again")

    by_author = [b["title"] for b in get_json(base + "/api/books?limit=100&sort=author&order=asc")["items"]]
    browser.js("(() => { const s = document.getElementById('library-sort'); s.value = 'author'; s.dispatchEvent(new Event('change')); })()")
    shown = browser.wait(f"(() => {{ const t = Array.from(document.querySelectorAll('.book-title')).map(e => e.textContent);"
                         f" return JSON.stringify(t) === {json.dumps(json.dumps(by_author, ensure_ascii=False, separators=(',', ':')))} && t; }})()",
                         "the grid sorted by author")
    check(shown == by_author, "sorting by author orders the grid as the API does")

    print("reading", flush=True)
    browser.click_selector(f'.book-card[data-book-id="{book["id"]}"] .cover')
    state = wait_for_page(browser, "the book to open")
    check(browser.js("location.hash").startswith("#/book/"), "clicking a cover opens the book")
    check(len(visible_text(browser).strip()) > 100 or browser.js("!!document.querySelector('#content img')"),
          "the first page shows the book's text or picture")
    # Walk into the book until a section has several pages.
    for _ in range(40):
        if state["pages"] >= 3 and state["page"] == 0:
            break
        state = turn_and_wait(browser, lambda: browser.key("ArrowRight", key_code=39), state, "a page turn")
    check(state["pages"] >= 3, f"a section of {state['pages']} pages (section {state['section']})")
    first_text = visible_text(browser)
    state = turn_and_wait(browser, lambda: browser.key("ArrowRight", key_code=39), state, "ArrowRight to turn the page")
    check(state["page"] == 1, "ArrowRight turns to the next page")
    check(visible_text(browser) != first_text, "the next page shows other text")
    state = turn_and_wait(browser, lambda: browser.key("ArrowLeft", key_code=37), state, "ArrowLeft to turn back")
    check(state["page"] == 0 and visible_text(browser) == first_text, "ArrowLeft turns back to the same text")
    frame = browser.js("(() => { const r = document.getElementById('page-frame').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
    state = turn_and_wait(browser, lambda: browser.click(frame[0] + frame[2] * 0.9, frame[1] + frame[3] / 2), state, "a click on the right")
    check(state["page"] == 1, "a click on the right of the page turns forward")
    state = turn_and_wait(browser, lambda: browser.click_selector("#turn-prev"), state, "the previous-page button")
    check(state["page"] == 0, "the previous-page button turns back")
    state = turn_and_wait(browser, lambda: browser.swipe(frame[0] + frame[2] * 0.8, frame[0] + frame[2] * 0.2, frame[1] + frame[3] / 2),
                          state, "a swipe to the left")
    check(state["page"] == 1, "a swipe to the left turns forward")

    print("contents", flush=True)
    toc = get_json(base + f"/api/books/{book['id']}/toc")
    flat = []
    def walk(entries):
        for entry in entries:
            flat.append(entry)
            walk(entry.get("children", []))
    walk(toc)
    check(len(flat) >= 3, f"the book has {len(flat)} contents entries")
    target = flat[-2]
    browser.key("t", text="t")
    browser.wait("!document.getElementById('toc-panel').hidden && document.querySelectorAll('#toc-list a').length", "the contents panel")
    link_index = len(flat) - 2
    browser.js(f"document.querySelectorAll('#toc-list a')[{link_index}].scrollIntoView()")
    box = browser.js(f"(() => {{ const r = document.querySelectorAll('#toc-list a')[{link_index}].getBoundingClientRect(); return [r.left + 20, r.top + r.height / 2]; }})()")
    browser.click(box[0], box[1])
    browser.wait("document.getElementById('toc-panel').hidden", "the contents panel to close")
    heading = target["title"].strip()
    browser.wait(f"(() => {{ const s = {STATE}; return s && s.section >= 0 && document.getElementById('content').textContent.includes({json.dumps(heading)}); }})()",
                 "the contents entry's section")
    shown = visible_text(browser)
    check(" ".join(heading.split()) in " ".join(shown.split()), f"the contents entry “{heading}” shows its heading on the page")

    print("search", flush=True)
    words = [w.strip(".,;:!?“”\"'()") for w in visible_text(browser).split()]
    candidates = [w for w in words if len(w) >= 7 and w.isalpha() and w.islower()]
    term = candidates[len(candidates) // 2] if candidates else None
    check(term is not None, f"a word to search for: {term}")
    browser.key("/", text="/")
    browser.wait("document.activeElement && document.activeElement.id === 'search-input'", "the search field")
    browser.type_text(term)
    browser.key("Enter", key_code=13, text="\r")
    count = browser.wait("(() => { const s = document.getElementById('search-status').textContent;"
                         " return /^\\d+ results?$/.test(s) && document.querySelectorAll('#search-results li').length; })()",
                         "search results")
    check(count >= 1, f"searching “{term}” lists {count} hit(s)")
    last = count - 1
    browser.js(f"document.querySelectorAll('#search-results a')[{last}].scrollIntoView()")
    box = browser.js(f"(() => {{ const r = document.querySelectorAll('#search-results a')[{last}].getBoundingClientRect(); return [r.left + 30, r.top + 10]; }})()")
    browser.click(box[0], box[1])
    mark = browser.wait("(() => { const m = document.querySelector('mark.search-hit.current'); if (!m) return null;"
                        " const r = m.getBoundingClientRect(), f = document.getElementById('page-frame').getBoundingClientRect();"
                        " return r.left >= f.left - 1 && r.right <= f.right + 1 && r.width > 0 ? m.textContent : null; })()",
                        "the followed hit highlighted on the page")
    check(mark.lower() == term.lower(), f"the hit “{mark}” is highlighted on the shown page")
    check(browser.js("document.querySelectorAll('mark.search-hit').length") >= 1, "every hit in the section is marked")
    browser.screenshot(os.path.join(artifacts, "search.png"))
    browser.key("Escape", key_code=27)

    print("settings", flush=True)
    before = reader_state(browser)
    browser.click_selector("#settings-button")
    browser.click_selector('[data-theme-choice="sepia"]')
    check(browser.js("document.documentElement.dataset.theme") == "sepia", "the sepia theme applies")
    for _ in range(4):
        browser.click_selector("#font-larger")
    after = browser.wait(f"(() => {{ const s = {STATE}; return s && s.pages !== {before['pages']} ? s : null; }})()", "a new page count")
    check(after["pages"] > before["pages"], f"larger text makes more pages ({before['pages']} → {after['pages']})")
    check(abs(after["offset"] - before["offset"]) < 2500 and after["section"] == before["section"], "the place is kept across text sizes")
    browser.key("Escape", key_code=27)
    browser.screenshot(os.path.join(artifacts, "page-sepia.png"))
    browser.click_selector("#settings-button")
    browser.click_selector('[data-theme-choice="dark"]')
    browser.key("Escape", key_code=27)
    browser.screenshot(os.path.join(artifacts, "page-dark.png"))
    browser.click_selector("#settings-button")
    browser.click_selector('[data-theme-choice="light"]')
    for _ in range(4):
        browser.click_selector("#font-smaller")
    browser.key("Escape", key_code=27)
    state = turn_and_wait(browser, lambda: browser.key("ArrowRight", key_code=39), reader_state(browser), "a page turn")
    browser.drain(0.7)
    browser.screenshot(os.path.join(artifacts, "page.png"))

    print("reload", flush=True)
    before = reader_state(browser)
    text_before = visible_text(browser)
    browser.reload()
    browser.wait("document.readyState === 'complete'", "the reload")
    after = wait_for_page(browser, "the book after a reload")
    after = wait_for_place(browser, before)
    check(position_key(after) == position_key(before), f"a reload lands on the same place (section {after['section']}, page {after['page']})")
    check(visible_text(browser) == text_before, "… showing the same text")
    return book


def library_checks(browser, base, title, artifacts):
    books = get_json(base + "/api/books?limit=100")
    book = next((b for b in books["items"] if (b["title"] or "").startswith(title)), None)
    check(book is not None, f"the library lists “{title}”")
    api = f"{base}/api/books/{book['id']}"
    print("position in the library", flush=True)
    browser.navigate(base + "/")
    browser.wait("document.readyState === 'complete'", "the library's page")
    browser.js("localStorage.clear()")
    browser.navigate(base + "/#/book/" + book["id"])
    state = wait_for_page(browser, "the library's book")
    check(state["store"] == "library", "bookmarks and highlights go to the library (writable server)")
    if position_key(state) != (0, 0):
        state = turn_and_wait(browser, lambda: browser.key("Home", key_code=36), state, "Home to go to the start")
    for _ in range(6):
        state = turn_and_wait(browser, lambda: browser.key("ArrowRight", key_code=39), state, "a page turn")
    browser.drain(1.0)  # the position is saved 0.4 s after the last turn
    stored = get_json(api + "/position")
    locator = stored.get("locator") or {}
    section_href = browser.js(f"window.readerApp.sectionHref({state['section']})")
    check(locator.get("href") == section_href, f"the position is stored in the library, in the shown section ({section_href})")

    print("bookmark and highlight", flush=True)
    browser.key("b", text="b")
    browser.wait(f"fetch({json.dumps(api + '/bookmarks')}).then(r => r.json()).then(b => b.length === 1)", "the bookmark in the library")
    selected = browser.js("""(() => {
        const frame = document.getElementById('page-frame').getBoundingClientRect();
        const walker = document.createTreeWalker(document.getElementById('content'), NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.data.trim().length < 60) continue;
            const range = document.createRange(); range.setStart(node, 10); range.setEnd(node, 45);
            const r = range.getBoundingClientRect();
            if (r.left >= frame.left && r.right <= frame.right) {
                const selection = window.getSelection(); selection.removeAllRanges(); selection.addRange(range);
                return range.toString();
            }
        }
        return null; })()""")
    check(bool(selected), f"text selected on the page: “{selected}”")
    browser.wait("!document.getElementById('selection-menu').hidden", "the highlight button")
    browser.click_selector("#highlight-button")
    highlights = browser.wait(f"fetch({json.dumps(api + '/highlights')}).then(r => r.json()).then(b => b.length === 1 && b)",
                              "the highlight in the library")
    quote = " ".join((highlights[0].get("quote") or "").split())
    marked = browser.wait("Array.from(document.querySelectorAll('mark.user-highlight')).map(m => m.textContent).join('')",
                          "the highlight marked")
    check(" ".join(marked.split()) == quote and quote, f"the library's highlight “{quote}” is marked (selected “{selected}”)")
    browser.screenshot(os.path.join(artifacts, "highlight.png"))

    print("reload with the browser's storage cleared", flush=True)
    before = reader_state(browser)
    stored = get_json(api + "/position")
    wanted = " ".join(((stored.get("locator") or {}).get("text") or {}).get("highlight", "").split())[:24]
    browser.js("localStorage.clear()")
    browser.reload()
    browser.wait("document.readyState === 'complete'", "the reload")
    after = wait_for_page(browser, "the book after a reload")
    check(after["section"] == before["section"], f"the library's position brings the reader back to section {after['section']}")
    check(bool(wanted) and "".join(wanted.split()) in "".join(visible_text(browser).split()), f"… on the page showing the stored place “{wanted}” (page {after['page']}, was {before['page']})")
    browser.js("document.getElementById('tab-bookmarks').click()")
    check(browser.js("document.querySelectorAll('#bookmark-list li:not(.empty)').length") == 1, "the bookmark is listed again")
    marked = browser.wait("Array.from(document.querySelectorAll('mark.user-highlight')).map(m => m.textContent).join('')",
                          "the highlight after the reload")
    check(" ".join(marked.split()) == quote, "the highlight is marked again")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder-url", required=True)
    parser.add_argument("--library-url")
    parser.add_argument("--book-title", required=True)
    parser.add_argument("--artifacts", required=True)
    args = parser.parse_args()
    # A SIGTERM (the Swift test's timeout) still closes the browser through the `finally` below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(124))
    os.makedirs(args.artifacts, exist_ok=True)
    print("artifacts: " + args.artifacts, flush=True)
    browser = None
    try:
        browser = Browser(args.artifacts)
        # The harness must be able to see a violation, or its "zero violations" means nothing.
        browser.navigate(args.folder_url.rstrip("/") + "/")
        browser.wait("document.readyState === 'complete' && window.readerApp", "the app to load")
        browser.js("(() => { const d = document.createElement('div'); d.innerHTML = '<span style=\"color: red\">x</span>'; document.body.append(d); d.remove(); })()")
        seen = browser.wait("(window.__cspViolations || []).length", "the probe's CSP violation")
        check(seen >= 1, "an inline style attribute is refused by the page's CSP (the harness sees violations)")
        browser.js("window.__cspViolations = []")
        browser.problems.clear()

        folder_checks(browser, args.folder_url.rstrip("/"), args.book_title, args.artifacts)
        problems = browser.violations()
        check(not problems, "no CSP violation, console error or uncaught exception in the folder's app" + ("" if not problems else ": " + "; ".join(problems)))
        if args.library_url:
            library_checks(browser, args.library_url.rstrip("/"), args.book_title, args.artifacts)
            problems = browser.violations()
            check(not problems, "no CSP violation, console error or uncaught exception in the library's app" + ("" if not problems else ": " + "; ".join(problems)))
    except Failure as failure:
        print("FAILED: " + str(failure), flush=True)
        if browser:
            try:
                browser.screenshot(os.path.join(args.artifacts, "failure.png"))
            except Exception:
                pass
        return 1
    finally:
        if browser:
            browser.close()
    print("browser checks passed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
