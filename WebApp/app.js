// The reading web app of `reader serve`: a library grid and a paginated reader over the engine's
// JSON API. No inline script or style: styles are set through the CSSOM, book content arrives as
// the sanitized HTML the API serves and is parsed inertly (DOMParser) before it is shown.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  // ---- Settings, stored in this browser ----
  const settings = Object.assign(
    { theme: "light", fontSize: 18, font: "serif", sort: "title" },
    readJSON(localStorage.getItem("reader.settings")) || {}
  );
  function saveSettings() { localStorage.setItem("reader.settings", JSON.stringify(settings)); }
  function readJSON(text) { try { return text ? JSON.parse(text) : null; } catch { return null; } }
  function applyAppearance() {
    const root = document.documentElement;
    root.dataset.theme = settings.theme;
    root.dataset.font = settings.font;
    root.style.setProperty("--reader-font-size", settings.fontSize + "px");
    $("font-size-value").textContent = String(settings.fontSize);
    for (const button of document.querySelectorAll(".theme-choice")) {
      button.classList.toggle("active", button.dataset.themeChoice === settings.theme);
    }
    for (const button of document.querySelectorAll(".font-choice")) {
      button.classList.toggle("active", button.dataset.font === settings.font);
    }
  }

  // ---- The API ----
  // A token given once as ?token= (servers bound off loopback) is kept for the tab's session.
  const token = new URLSearchParams(location.search).get("token") || sessionStorage.getItem("reader.token");
  if (token) sessionStorage.setItem("reader.token", token);

  class APIError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }
  async function api(path, options = {}) {
    const headers = Object.assign({ Accept: "application/json" }, options.headers || {});
    if (token) headers.Authorization = "Bearer " + token;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      options = Object.assign({}, options, { body: JSON.stringify(options.json) });
    }
    const response = await fetch(path, Object.assign({}, options, { headers }));
    if (!response.ok) {
      let message = response.statusText;
      try { message = (await response.json()).error || message; } catch { /* not JSON */ }
      throw new APIError(response.status, message);
    }
    return response;
  }
  const getJSON = async (path) => (await api(path)).json();
  function withToken(url) {
    if (!token || !url) return url;
    return url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);
  }
  const bookPath = (id) => "/api/books/" + encodeURIComponent(id);

  // ---- Views ----
  function showView(name) {
    $("library-view").hidden = name !== "library";
    $("reader-view").hidden = name !== "reader";
  }
  function route() {
    const match = location.hash.match(/^#\/book\/([^/?#]+)/);
    if (match) {
      openBook(decodeURIComponent(match[1]));
    } else {
      const wasReading = !!reader;
      closeBook();
      showView("library");
      if (!library.loaded || wasReading) loadLibrary(true); // progress bars move while reading
      document.title = "Reader";
    }
  }

  // ---- Library ----
  const library = { offset: 0, total: 0, loaded: false, generation: 0 };
  const pageSize = 60;

  async function loadLibrary(reset) {
    const generation = reset ? ++library.generation : library.generation;
    if (reset) library.offset = 0;
    const query = $("library-search").value.trim();
    const sort = settings.sort;
    const order = sort === "added" || sort === "recent" ? "desc" : "asc";
    const params = new URLSearchParams({ offset: String(library.offset), limit: String(pageSize), sort, order });
    if (query) params.set("q", query);
    $("library-status").textContent = reset ? "Loading…" : "";
    try {
      const page = await getJSON("/api/books?" + params);
      if (generation !== library.generation) return;
      if (reset) $("library-grid").replaceChildren();
      for (const book of page.items) $("library-grid").append(bookCard(book));
      library.offset = page.offset + page.items.length;
      library.total = page.total;
      library.loaded = true;
      $("library-more").hidden = library.offset >= library.total;
      const books = page.total + (page.total === 1 ? " book" : " books");
      $("library-status").textContent = page.total === 0
        ? (query ? "No book matches “" + query + "”." : "No books here yet.")
        : (query ? books + " matching “" + query + "”" : books);
    } catch (error) {
      $("library-status").textContent = "The library could not be loaded: " + error.message;
    }
  }

  function hashOf(text) {
    let hash = 0;
    for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
    return hash;
  }

  function placeholderCover(book) {
    const cover = el("div", "placeholder cover-c" + (hashOf(book.id) % 6));
    cover.append(el("span", "ph-title", book.title || "Untitled"));
    const foot = el("div");
    foot.append(el("div", "ph-author", (book.authors || []).join(", ")));
    foot.append(el("div", "ph-format", book.format || ""));
    cover.append(foot);
    return cover;
  }

  function bookCard(book) {
    const item = el("li", "book-card");
    item.dataset.bookId = book.id;
    const link = el("a");
    link.href = "#/book/" + encodeURIComponent(book.id);
    link.title = book.title || "";
    const cover = el("div", "cover");
    if (book.cover) {
      const image = el("img");
      image.alt = "";
      image.loading = "lazy";
      image.decoding = "async";
      image.src = withToken(book.cover);
      image.addEventListener("error", () => image.replaceWith(placeholderCover(book)), { once: true });
      cover.append(image);
    } else {
      cover.append(placeholderCover(book));
    }
    link.append(cover);
    const meta = el("div", "book-meta");
    meta.append(el("div", "book-title", book.title || "Untitled"));
    meta.append(el("div", "book-author", (book.authors || []).join(", ") || "\u00a0"));
    const progression = book.progression ?? localPosition(book.id)?.totalProgression;
    if (typeof progression === "number" && progression > 0) {
      const bar = el("div", "book-progress");
      const fill = el("div");
      fill.style.width = Math.round(progression * 100) + "%";
      bar.append(fill);
      meta.append(bar);
    }
    link.append(meta);
    item.append(link);
    return item;
  }

  // ---- The reader's state ----
  let reader = null; // { id, info, sections, toc, index, page, pageCount, text, ... }
  let layout = { stride: 1, columnWidth: 1, gap: 48, pages: 1 };

  function localPosition(id) { return readJSON(localStorage.getItem("reader.position." + id)); }

  async function openBook(id) {
    if (reader && reader.id === id) { showView("reader"); return; }
    closeBook();
    showView("reader");
    const session = { id, index: -1, page: 0, textIndex: null, bookmarks: [], highlights: [], store: "local" };
    reader = session;
    $("content").replaceChildren();
    $("book-title").textContent = "";
    $("chapter-title").textContent = "";
    setStatus("Opening…");
    try {
      const [info, sections] = await Promise.all([getJSON(bookPath(id)), getJSON(bookPath(id) + "/sections")]);
      if (reader !== session) return;
      session.info = info;
      session.sections = sections;
      $("book-title").textContent = info.title || "Untitled";
      document.title = (info.title || "Untitled") + " — Reader";
      getJSON(bookPath(id) + "/toc").then((toc) => { session.toc = toc; renderTOC(); }).catch(() => { session.toc = []; renderTOC(); });
      await loadAnnotations(session);
      const start = await startingPosition(session);
      if (reader !== session) return;
      await showSection(start.section, start);
      setStatus("");
    } catch (error) {
      if (reader === session) setStatus("This book could not be opened: " + error.message);
    }
  }

  function closeBook() {
    if (!reader) return;
    savePositionNow();
    reader = null;
    closePanels();
    $("content").replaceChildren();
  }

  function setStatus(text) { $("reader-status").textContent = text; }

  // ---- Positions ----
  // A position is a section index and a character offset in that section's text (its DOM
  // textContent), so it survives font sizes and window sizes. The library gets it as a Locator.

  async function startingPosition(session) {
    const local = localPosition(session.id);
    let remote = null;
    try {
      const stored = await getJSON(bookPath(session.id) + "/position");
      session.positionInLibrary = true;
      if (stored && stored.locator) remote = stored;
    } catch {
      // No position yet, or no library: the first save tells which.
      session.positionInLibrary = undefined;
    }
    let position = local && local.section < session.sections.length ? local : null;
    if (remote) {
      const remoteTime = Date.parse(remote.updated || "") || 0;
      if (!position || remoteTime > (position.updated || 0) + 1000) {
        const mapped = await sectionOfLocator(session, remote.locator);
        if (mapped) position = mapped;
      }
    }
    return position || { section: 0, offset: 0 };
  }

  // The section and place a Locator points at. The section: the one the Locator names (this
  // app's own), else the one with its href; when several share it (the chunks of a text file),
  // the one whose title is the Locator's, else the one near its totalProgression that holds its
  // quoted text. The place in it: an offset (this app's), an element id, the quote, or the
  // progression.
  async function sectionOfLocator(session, locator) {
    if (!locator) return null;
    const locations = locator.locations || {};
    let section = typeof locations.section === "number" ? locations.section : null;
    const quote = locator.text && locator.text.highlight ? locator.text : null;
    if (section === null) {
      const matching = session.sections.filter((s) => s.href === locator.href);
      if (matching.length === 1) section = matching[0].index;
      else if (matching.length > 1) section = await sectionAmong(session, matching, locator, quote);
    }
    if (section === null || section < 0 || section >= session.sections.length) return null;
    return {
      section,
      offset: typeof locations.textOffset === "number" ? locations.textOffset : undefined,
      fragment: (locations.fragments || [])[0],
      quote,
      progression: typeof locations.progression === "number" && !sharedHref(session, section) ? locations.progression : undefined,
    };
  }

  function sharedHref(session, index) {
    const href = session.sections[index].href;
    return session.sections.filter((s) => s.href === href).length > 1;
  }

  async function sectionAmong(session, matching, locator, quote) {
    const titled = matching.find((s) => locator.title && s.title === locator.title);
    if (titled) return titled.index;
    const total = (locator.locations || {}).totalProgression;
    const guess = typeof total === "number" ? Math.min(matching.length - 1, Math.floor(total * matching.length)) : 0;
    if (!quote) return matching[guess].index;
    const needle = fold(quote.highlight).slice(0, 80);
    const order = matching.map((s, i) => i).sort((a, b) => Math.abs(a - guess) - Math.abs(b - guess)).slice(0, 8);
    for (const i of order) {
      const text = await sectionText(session, matching[i].index);
      if (text.includes(needle)) return matching[i].index;
    }
    return matching[guess].index;
  }

  // A section's text, folded, read once (for finding which section holds a quote).
  async function sectionText(session, index) {
    session.sectionTexts = session.sectionTexts || new Map();
    if (!session.sectionTexts.has(index)) {
      const html = await loadSectionHTML(index, session);
      const parsed = new DOMParser().parseFromString(html, "text/html");
      session.sectionTexts.set(index, fold(parsed.body.textContent || ""));
    }
    return session.sectionTexts.get(index);
  }

  function fold(text) { return text.replace(/\s+/g, " ").trim().toLowerCase(); }

  function currentPosition() {
    if (!reader || reader.index < 0) return null;
    const offset = typeof reader.anchor === "number" ? reader.anchor : offsetAtPage(reader.page);
    return { section: reader.index, offset, length: textIndex().length };
  }

  function totalProgression(position) {
    const count = reader.sections.length || 1;
    const inSection = position.length ? position.offset / position.length : 0;
    return Math.min(1, (position.section + inSection) / count);
  }

  function locatorAt(section, offset, length) {
    const info = reader.sections[section] || {};
    const text = reader.textIndex ? reader.textIndex.text : "";
    const inSection = length ? offset / length : 0;
    const locator = {
      href: info.href || "",
      type: info.mediaType || "text/html",
      locations: {
        // Where the href names a whole file cut into sections, a progression is over the file.
        progression: sharedHref(reader, section) ? totalProgression({ section, offset, length }) : inSection,
        totalProgression: totalProgression({ section, offset, length }),
        section,
        textOffset: offset,
      },
    };
    const highlight = text.slice(offset, offset + 60).replace(/\s+/g, " ").trim();
    if (highlight) {
      locator.text = { before: text.slice(Math.max(0, offset - 40), offset).replace(/\s+/g, " "), highlight,
        after: text.slice(offset + 60, offset + 100).replace(/\s+/g, " ") };
    }
    if (info.title) locator.title = info.title;
    return locator;
  }

  let saveTimer = 0;
  function positionChanged() {
    updateFooter();
    clearTimeout(saveTimer);
    saveTimer = setTimeout(savePositionNow, 400);
  }

  // A point a little into the page from `offset` (its start): the server stores the place it
  // resolves in its own text, which may differ by a few characters, and that must not be the
  // page before.
  function placeInPage(offset) {
    const end = reader.page + 1 < layout.pages ? offsetAtPage(reader.page + 1) : textIndex().length;
    const index = textIndex();
    let at = Math.min(offset + Math.max(0, Math.floor((end - offset) / 3)), Math.max(offset, end - 1));
    while (at < end && /\s/.test(index.text[at] || "")) at++;
    return at < end ? at : offset;
  }

  function savePositionNow() {
    clearTimeout(saveTimer);
    const position = currentPosition();
    if (!position) return;
    const progression = totalProgression(position);
    const record = Object.assign({ updated: Date.now(), totalProgression: progression }, position);
    localStorage.setItem("reader.position." + reader.id, JSON.stringify(record));
    if (reader.positionInLibrary !== false) {
      const session = reader;
      const locator = locatorAt(position.section, placeInPage(position.offset), position.length);
      api(bookPath(reader.id) + "/position", { method: "PUT", json: { locator, progression }, keepalive: true })
        .then(() => { session.positionInLibrary = true; })
        .catch((error) => { if ([403, 404, 405].includes(error.status)) session.positionInLibrary = false; });
    }
  }

  // ---- Sections and pagination ----

  async function loadSectionHTML(index, session = reader) {
    const response = await api(bookPath(session.id) + "/sections/" + index + "?format=html", { headers: { Accept: "text/html" } });
    return response.text();
  }

  // Shows section `index` at `target`: { offset } (a character offset), { page }, { last: true },
  // { fragment } (an element id of the source), { quote } (text to find) or { progression }.
  async function showSection(index, target = {}) {
    const session = reader;
    if (index < 0 || index >= session.sections.length) return;
    session.loading = (session.loading || 0) + 1;
    try { await showSectionNow(session, index, target); } finally { session.loading--; }
  }

  async function showSectionNow(session, index, target) {
    if (index !== session.index) {
      setStatus("");
      const html = await loadSectionHTML(index);
      if (reader !== session) return;
      const parsed = new DOMParser().parseFromString(html, "text/html");
      const content = $("content");
      content.replaceChildren(...Array.from(parsed.body.childNodes).map((node) => document.adoptNode(node)));
      prepareContent(content);
      session.index = index;
      session.textIndex = null;
      await imagesSettled(content);
      if (document.fonts && document.fonts.ready) await document.fonts.ready;
      if (reader !== session) return;
      applyHighlights();
      if (session.search && session.search.term) markSearchTerm(session.search.term);
      updateChapterTitle();
    }
    paginate();
    let page = 0;
    if (target.last) page = layout.pages - 1;
    else if (typeof target.page === "number") page = target.page;
    else if (target.fragment) page = pageOfFragment(index, target.fragment);
    else if (typeof target.offset === "number") page = pageOfOffset(target.offset);
    else if (target.quote) page = pageOfQuote(target.quote, target.progression);
    else if (typeof target.progression === "number") page = pageOfOffset(Math.floor(target.progression * textIndex().length));
    goToPage(page, typeof target.offset === "number" ? target.offset : undefined);
  }

  function prepareContent(content) {
    // A section that is only a picture (a cover, a plate) fills the page with it.
    content.classList.toggle("picture-page", !content.textContent.trim() && content.querySelectorAll("img").length === 1);
    for (const link of content.querySelectorAll("a[href]")) {
      const href = link.getAttribute("href");
      if (/^(https?:|mailto:|ftp:)/i.test(href)) { link.target = "_blank"; link.rel = "noopener noreferrer"; }
    }
    if (token) for (const image of content.querySelectorAll("img[src]")) image.src = withToken(image.getAttribute("src"));
  }

  function imagesSettled(content) {
    const images = Array.from(content.querySelectorAll("img"));
    const loads = images.map((image) => image.complete ? Promise.resolve()
      : new Promise((resolve) => { image.addEventListener("load", resolve, { once: true }); image.addEventListener("error", resolve, { once: true }); }));
    return Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 3000))]);
  }

  function paginate() {
    const frame = $("page-frame");
    const content = $("content");
    const width = frame.clientWidth;
    const height = frame.clientHeight;
    const twoColumns = width >= 900 && height >= 360;
    const gap = twoColumns ? 72 : 48;
    const columnWidth = twoColumns ? (width - gap) / 2 : width;
    document.documentElement.style.setProperty("--page-height", height + "px");
    content.style.columnWidth = columnWidth + "px";
    content.style.columnGap = gap + "px";
    content.style.width = width + "px";
    const stride = width + gap;
    // The columns overflow to the right; the last one ends at scrollWidth.
    const pages = Math.max(1, Math.ceil((content.scrollWidth + gap - 1) / stride));
    layout = { stride, columnWidth, gap, pages, width };
    reader.textIndex = null;
  }

  // Shows `page`; `anchor` is the character offset the place is kept at when the layout changes
  // (by default the first character of the page).
  function goToPage(page, anchor) {
    reader.page = Math.max(0, Math.min(page, layout.pages - 1));
    $("content").style.transform = "translateX(" + (-reader.page * layout.stride) + "px)";
    reader.anchor = typeof anchor === "number" ? anchor : offsetAtPage(reader.page);
    positionChanged();
  }

  async function nextPage() {
    if (!reader || reader.index < 0 || reader.busy) return;
    if (reader.page + 1 < layout.pages) { goToPage(reader.page + 1); return; }
    if (reader.index + 1 < reader.sections.length) await turnSection(reader.index + 1, { page: 0 });
  }

  async function previousPage() {
    if (!reader || reader.index < 0 || reader.busy) return;
    if (reader.page > 0) { goToPage(reader.page - 1); return; }
    if (reader.index > 0) await turnSection(reader.index - 1, { last: true });
  }

  async function turnSection(index, target) {
    reader.busy = true;
    try { await showSection(index, target); } finally { if (reader) reader.busy = false; }
  }

  // ---- Text index: the section's text nodes with their offsets in its textContent ----

  function textIndex() {
    if (reader.textIndex) return reader.textIndex;
    const nodes = [];
    let text = "";
    const walker = document.createTreeWalker($("content"), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node, start: text.length, visible: /\S/.test(node.data) });
      text += node.data;
    }
    reader.textIndex = { nodes, text, length: text.length, visible: nodes.filter((n) => n.visible) };
    return reader.textIndex;
  }

  function pageOfPoint(node, offset) {
    const range = document.createRange();
    range.setStart(node, offset);
    range.setEnd(node, Math.min(offset + 1, node.length));
    const rect = range.getClientRects()[0] || range.getBoundingClientRect();
    const origin = $("content").getBoundingClientRect().left;
    if (!rect || (rect.width === 0 && rect.height === 0)) return null;
    return Math.max(0, Math.min(layout.pages - 1, Math.floor((rect.left - origin + 1) / layout.stride)));
  }

  function pageOfElement(element) {
    const rect = element.getBoundingClientRect();
    const origin = $("content").getBoundingClientRect().left;
    return Math.max(0, Math.min(layout.pages - 1, Math.floor((rect.left - origin + 1) / layout.stride)));
  }

  // The offset of the first character shown on `page`.
  function offsetAtPage(page) {
    const index = textIndex();
    const nodes = index.visible;
    if (page <= 0 || !nodes.length) return 0;
    let low = 0, high = nodes.length;
    while (low < high) { // the first node starting on `page` or later
      const mid = (low + high) >> 1;
      const at = pageOfPoint(nodes[mid].node, 0);
      if (at !== null && at >= page) high = mid; else low = mid + 1;
    }
    if (low > 0) { // the node before may run on to `page`
      const before = nodes[low - 1];
      const last = before.node.length - 1;
      const lastPage = pageOfPoint(before.node, last);
      if (lastPage !== null && lastPage >= page) {
        let a = 0, b = last;
        while (a < b) {
          const mid = (a + b) >> 1;
          const at = pageOfPoint(before.node, mid);
          if (at !== null && at >= page) b = mid; else a = mid + 1;
        }
        return before.start + a;
      }
    }
    return low < nodes.length ? nodes[low].start : index.length;
  }

  function locate(offset) {
    const nodes = textIndex().nodes;
    let low = 0, high = nodes.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (nodes[mid].start <= offset) low = mid; else high = mid - 1;
    }
    const entry = nodes[low];
    return entry ? { node: entry.node, offset: Math.min(offset - entry.start, entry.node.length) } : null;
  }

  function pageOfOffset(offset) {
    const index = textIndex();
    if (offset <= 0 || !index.nodes.length) return 0;
    let point = locate(Math.min(offset, index.length - 1));
    // Skip white space between blocks, which has no box of its own.
    let entryIndex = index.nodes.findIndex((n) => n.node === point.node);
    while (entryIndex >= 0 && entryIndex < index.nodes.length) {
      const entry = index.nodes[entryIndex];
      const at = entry.visible ? pageOfPoint(entry.node, entry.node === point.node ? point.offset : 0) : null;
      if (at !== null) return at;
      entryIndex++;
    }
    return layout.pages - 1;
  }

  function pageOfFragment(section, fragment) {
    const id = "s" + section + "-" + fragment;
    const target = document.getElementById(id) || document.getElementById(fragment);
    return target ? pageOfElement(target) : 0;
  }

  // A text quote ({before, highlight}) found in the section; the match nearest `progression` wins.
  function pageOfQuote(quote, progression) {
    const found = findText((quote.before || "").slice(-30) + quote.highlight, progression)
      || findText(quote.highlight, progression);
    if (!found) return typeof progression === "number" ? pageOfOffset(Math.floor(progression * textIndex().length)) : 0;
    const start = found.end - quote.highlight.replace(/\s+/g, " ").length;
    return pageOfOffset(Math.max(found.start, start));
  }

  // Finds `needle` in the section's text, white space and case folded; returns raw offsets.
  function findText(needle, progression) {
    const folded = foldedText();
    const query = needle.replace(/\s+/g, " ").trim().toLowerCase();
    if (!query) return null;
    let best = null;
    const wanted = typeof progression === "number" ? progression * folded.text.length : 0;
    for (let at = folded.text.indexOf(query); at >= 0; at = folded.text.indexOf(query, at + 1)) {
      if (!best || Math.abs(at - wanted) < Math.abs(best - wanted)) best = at;
      if (typeof progression !== "number") break;
    }
    if (best === null) return null;
    return { start: folded.map[best], end: folded.map[best + query.length - 1] + 1 };
  }

  function foldedText() {
    const index = textIndex();
    if (index.folded) return index.folded;
    let text = "";
    const map = [];
    let space = true;
    for (let i = 0; i < index.text.length; i++) {
      const c = index.text[i];
      if (/\s/.test(c)) {
        if (space) continue;
        space = true;
        text += " ";
      } else {
        space = false;
        text += c.toLowerCase();
      }
      map.push(i);
    }
    index.folded = { text, map };
    return index.folded;
  }

  // Wraps the raw text range [start, end) of the section in <mark class=…> elements.
  function markRange(start, end, className, data) {
    const marks = [];
    for (const entry of textIndex().nodes.slice()) {
      const nodeStart = entry.start, nodeEnd = entry.start + entry.node.length;
      if (nodeEnd <= start || nodeStart >= end || !entry.visible) continue;
      let node = entry.node;
      const from = Math.max(start, nodeStart) - nodeStart;
      const to = Math.min(end, nodeEnd) - nodeStart;
      if (to < node.length) node.splitText(to);
      if (from > 0) node = node.splitText(from);
      const mark = el("mark", className);
      if (data) Object.assign(mark.dataset, data);
      node.replaceWith(mark);
      mark.append(node);
      marks.push(mark);
    }
    reader.textIndex = null;
    return marks;
  }

  function unmark(selector) {
    for (const mark of $("content").querySelectorAll(selector)) mark.replaceWith(...mark.childNodes);
    $("content").normalize();
    reader.textIndex = null;
  }

  // ---- Footer, chapter, TOC ----

  function updateFooter() {
    if (!reader || reader.index < 0) return;
    // The share read once this page is read: 100% on the last page.
    const progression = Math.min(1, (reader.index + (reader.page + 1) / layout.pages) / (reader.sections.length || 1));
    const section = reader.sections[reader.index];
    const label = reader.sections.length > 1 ? "Section " + (reader.index + 1) + " of " + reader.sections.length + " · " : "";
    $("page-info").textContent = label + "page " + (reader.page + 1) + " of " + layout.pages;
    $("percent").textContent = Math.round(progression * 100) + "%";
    $("progress-bar").style.width = (progression * 100).toFixed(1) + "%";
    updateBookmarkButton();
    if (section) $("content").dataset.section = String(reader.index);
  }

  function updateChapterTitle() {
    const section = reader.sections[reader.index] || {};
    const entry = tocEntryOfSection(reader.index);
    $("chapter-title").textContent = (entry && entry.title) || section.title || "";
    for (const link of $("toc-list").querySelectorAll("a")) link.classList.toggle("current", link.tocEntry === entry);
  }

  function tocEntryOfSection(index) {
    let found = null;
    const walk = (entries) => {
      for (const entry of entries || []) {
        if (entry.sectionIndex === index && !found) found = entry;
        walk(entry.children);
      }
    };
    walk(reader.toc);
    return found;
  }

  function renderTOC() {
    if (!reader) return;
    const session = reader;
    const list = $("toc-list");
    list.replaceChildren();
    const build = (entries) => {
      const ol = el("ol");
      for (const entry of entries) {
        const li = el("li");
        const link = el("a", "", entry.title || "Untitled");
        link.href = "#";
        link.tocEntry = entry;
        link.addEventListener("click", async (event) => {
          event.preventDefault();
          closePanels();
          const locator = Object.assign({}, entry.locator, { title: (entry.locator && entry.locator.title) || entry.title });
          const target = await sectionOfLocator(session, locator);
          if (target && reader === session) await showSection(target.section, target);
        });
        li.append(link);
        if (entry.children && entry.children.length) li.append(build(entry.children));
        ol.append(li);
      }
      return ol;
    };
    const toc = session.toc && session.toc.length ? session.toc
      : session.sections.map((s) => ({ title: s.title || "Section " + (s.index + 1), locator: { href: s.href, locations: { section: s.index } } }));
    for (const entry of flatten(toc)) {
      const locations = (entry.locator && entry.locator.locations) || {};
      if (typeof entry.section === "number") entry.sectionIndex = entry.section;
      else if (typeof locations.section === "number") entry.sectionIndex = locations.section;
      else {
        const matching = session.sections.filter((s) => entry.locator && s.href === entry.locator.href);
        if (matching.length === 1) entry.sectionIndex = matching[0].index;
      }
    }
    session.toc = toc;
    list.append(build(toc));
    if (session.index >= 0) updateChapterTitle();
  }

  function flatten(entries) {
    const all = [];
    const walk = (list) => { for (const entry of list || []) { all.push(entry); walk(entry.children); } };
    walk(entries);
    return all;
  }

  // ---- Panels ----

  function closePanels() {
    for (const id of ["toc-panel", "search-panel", "settings-panel", "selection-menu"]) $(id).hidden = true;
    for (const id of ["toc-button", "search-button", "settings-button"]) $(id).classList.remove("active");
  }

  function togglePanel(id, button) {
    const wasHidden = $(id).hidden;
    closePanels();
    if (wasHidden) {
      $(id).hidden = false;
      $(button).classList.add("active");
    }
    return wasHidden;
  }

  function selectTab(name) {
    for (const tab of ["toc", "bookmarks", "highlights"]) {
      $("tab-" + tab).setAttribute("aria-selected", String(tab === name));
    }
    $("toc-list").hidden = name !== "toc";
    $("bookmark-list").hidden = name !== "bookmarks";
    $("highlight-list").hidden = name !== "highlights";
  }

  // ---- Search ----

  async function runSearch(term) {
    const session = reader;
    if (session.search && session.search.controller) session.search.controller.abort();
    const controller = new AbortController();
    session.search = { term, controller, hits: [] };
    const results = $("search-results");
    results.replaceChildren();
    unmark("mark.search-hit");
    if (!term) { $("search-status").textContent = ""; return; }
    $("search-status").textContent = "Searching…";
    markSearchTerm(term);
    try {
      const response = await api(bookPath(session.id) + "/search?" + new URLSearchParams({ q: term }),
        { headers: { Accept: "application/x-ndjson" }, signal: controller.signal });
      const reader_ = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader_.read();
        buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
        let newline;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (line) addSearchHit(session, readJSON(line));
        }
        if (done) break;
      }
      if (buffer.trim()) addSearchHit(session, readJSON(buffer.trim()));
      const count = session.search.hits.length;
      $("search-status").textContent = count ? count + (count === 1 ? " result" : " results") : "No results for “" + term + "”.";
    } catch (error) {
      if (error.name !== "AbortError") $("search-status").textContent = "Search failed: " + error.message;
    }
  }

  function addSearchHit(session, hit) {
    if (!hit || reader !== session || session.search.hits.length >= 500) return;
    if (hit.error) { $("search-status").textContent = hit.error; return; }
    session.search.hits.push(hit);
    const item = el("li");
    const link = el("a");
    link.href = "#";
    link.append(document.createTextNode("…" + (hit.before || "").slice(-50)));
    link.append(el("b", "", hit.match || ""));
    link.append(document.createTextNode((hit.after || "").slice(0, 50) + "…"));
    const sectionIndex = hitSection(session, hit);
    const section = session.sections[sectionIndex];
    const entry = tocEntryOfSection(sectionIndex);
    link.append(el("span", "item-meta", (entry && entry.title) || (section && section.title) || "Section " + (sectionIndex + 1)));
    link.addEventListener("click", (event) => { event.preventDefault(); goToHit(hit); });
    item.append(link);
    $("search-results").append(item);
    $("search-status").textContent = session.search.hits.length + " results so far…";
  }

  function hitSection(session, hit) {
    if (typeof hit.section === "number") return hit.section;
    const locations = (hit.locator && hit.locator.locations) || {};
    if (typeof locations.section === "number") return locations.section;
    const matching = session.sections.filter((s) => hit.locator && s.href === hit.locator.href);
    return matching.length ? matching[0].index : 0;
  }

  async function goToHit(hit) {
    const session = reader;
    const section = hitSection(session, hit);
    if (window.matchMedia("(max-width: 700px)").matches) closePanels();
    await showSection(section, {});
    if (reader !== session) return;
    for (const mark of $("content").querySelectorAll("mark.search-hit.current")) mark.classList.remove("current");
    const locations = (hit.locator && hit.locator.locations) || {};
    const progression = typeof locations.progression === "number" ? locations.progression : undefined;
    const found = findText((hit.before || "").slice(-30) + (hit.match || ""), progression) || findText(hit.match || "", progression);
    if (!found) return;
    const matchLength = (hit.match || "").replace(/\s+/g, " ").length;
    const start = Math.max(found.start, foldedStart(found.end, matchLength));
    let marks = Array.from($("content").querySelectorAll("mark.search-hit")).filter((mark) => {
      const offset = offsetOfNode(mark.firstChild);
      return offset !== null && offset <= start && start < offset + mark.textContent.length;
    });
    if (!marks.length) marks = markRange(start, found.end, "search-hit");
    for (const mark of marks) mark.classList.add("current");
    paginate();
    if (marks[0]) goToPage(pageOfElement(marks[0]));
  }

  // The raw offset where the last `length` folded characters before raw offset `end` begin.
  function foldedStart(end, length) {
    const folded = foldedText();
    let index = folded.map.findIndex((raw) => raw >= end);
    if (index < 0) index = folded.map.length;
    return folded.map[Math.max(0, index - length)] ?? 0;
  }

  function offsetOfNode(node) {
    if (!node) return null;
    const entry = textIndex().nodes.find((n) => n.node === node);
    return entry ? entry.start : null;
  }

  // Marks every occurrence of the search term in the shown section.
  function markSearchTerm(term) {
    if (!reader || reader.index < 0) return;
    const folded = foldedText();
    const query = term.replace(/\s+/g, " ").trim().toLowerCase();
    if (!query) return;
    const ranges = [];
    for (let at = folded.text.indexOf(query); at >= 0 && ranges.length < 1000; at = folded.text.indexOf(query, at + query.length)) {
      ranges.push([folded.map[at], folded.map[at + query.length - 1] + 1]);
    }
    for (const [start, end] of ranges.reverse()) markRange(start, end, "search-hit");
  }

  // ---- Bookmarks and highlights ----
  // In the library (GET/POST/DELETE /api/books/ID/bookmarks|highlights) when the server has one
  // and is writable; in this browser otherwise.

  async function loadAnnotations(session) {
    session.store = "local";
    try {
      const [bookmarks, highlights] = await Promise.all([
        getJSON(bookPath(session.id) + "/bookmarks"), getJSON(bookPath(session.id) + "/highlights")]);
      session.store = "library";
      session.bookmarks = itemsOf(bookmarks);
      session.highlights = itemsOf(highlights);
    } catch {
      session.bookmarks = readJSON(localStorage.getItem("reader.bookmarks." + session.id)) || [];
      session.highlights = readJSON(localStorage.getItem("reader.highlights." + session.id)) || [];
    }
    renderAnnotations();
  }

  function itemsOf(response) { return Array.isArray(response) ? response : (response && response.items) || []; }

  function saveLocal(kind) {
    localStorage.setItem("reader." + kind + "." + reader.id, JSON.stringify(reader[kind]));
  }

  // Adds a bookmark or highlight (`body` is what the API takes; `extra` is kept beside it here).
  async function addItem(kind, body, extra = {}) {
    const session = reader;
    if (session.store === "library") {
      try {
        const response = await api(bookPath(session.id) + "/" + kind, { method: "POST", json: body });
        const saved = await response.json().catch(() => null);
        session[kind].push(Object.assign({}, body, extra, saved && typeof saved === "object" ? saved : {}));
        renderAnnotations();
        return;
      } catch (error) {
        if (error.status !== 405 && error.status !== 403) { toast("Not saved: " + error.message); return; }
        toast("The server is read-only: kept in this browser");
        session.store = "local";
        session.bookmarks = readJSON(localStorage.getItem("reader.bookmarks." + session.id)) || [];
        session.highlights = readJSON(localStorage.getItem("reader.highlights." + session.id)) || [];
      }
    }
    session[kind].push(Object.assign({ id: "local-" + Date.now().toString(36) + Math.random().toString(36).slice(2, 8), created: new Date().toISOString() }, body, extra));
    saveLocal(kind);
    renderAnnotations();
  }

  async function removeItem(kind, item) {
    const session = reader;
    if (session.store === "library" && item.id && !String(item.id).startsWith("local-")) {
      try { await api(bookPath(session.id) + "/" + kind + "/" + encodeURIComponent(item.id), { method: "DELETE" }); }
      catch (error) { toast("Not removed: " + error.message); return; }
    }
    session[kind] = session[kind].filter((other) => other !== item);
    if (session.store === "local") saveLocal(kind);
    renderAnnotations();
  }

  // Where an item (bookmark or highlight, the library's or this browser's) lies in the shown
  // section: { start, end } character offsets, or null when it is elsewhere or not found. The
  // library stores its own Locators, so its items are found by their quoted text.
  const itemPlaces = new WeakMap();
  function itemPlace(item) {
    const cached = itemPlaces.get(item);
    if (cached && cached.section === reader.index && cached.length === textIndex().length) return cached.range;
    const locator = (item.range && item.range.start) || item.locator || {};
    const locations = locator.locations || {};
    let range = null;
    if (itemSection(item) === reader.index) {
      const index = textIndex();
      const quote = item.quote || (locator.text && locator.text.highlight) || "";
      if (typeof locations.textOffset === "number" && locations.section === reader.index) {
        const start = locations.textOffset;
        const end = item.range ? (item.range.end.locations || {}).textOffset ?? start + quote.length : start + 1;
        range = { start, end };
      } else if (quote) {
        const before = ((locator.text && locator.text.before) || "").slice(-30);
        const found = findText(before + quote, locations.progression) || findText(quote, locations.progression);
        if (found) range = { start: Math.max(found.start, foldedStart(found.end, quote.replace(/\s+/g, " ").trim().length)), end: found.end };
      } else if (typeof locations.progression === "number") {
        const at = Math.floor(locations.progression * index.length);
        range = { start: at, end: at + 1 };
      }
    }
    itemPlaces.set(item, { section: reader.index, length: textIndex().length, range });
    return range;
  }

  // The section an item is in: its own note of it, else the href (the first section with it).
  function itemSection(item) {
    const locator = (item.range && item.range.start) || item.locator || {};
    const locations = locator.locations || {};
    if (typeof locations.section === "number") return locations.section;
    if (typeof item.section === "number") return item.section;
    const matching = reader.sections.filter((s) => s.href === locator.href);
    if (matching.length === 1) return matching[0].index;
    return (matching[0] || {}).index;
  }

  function bookmarkOnPage() {
    if (!reader || reader.index < 0) return null;
    const start = offsetAtPage(reader.page);
    const end = reader.page + 1 < layout.pages ? offsetAtPage(reader.page + 1) : Infinity;
    return reader.bookmarks.find((bookmark) => {
      const place = itemPlace(bookmark);
      return place && place.start >= start && place.start < end;
    }) || null;
  }

  function updateBookmarkButton() {
    const pressed = !!bookmarkOnPage();
    $("bookmark-button").setAttribute("aria-pressed", String(pressed));
    $("bookmark-button").textContent = pressed ? "Bookmarked" : "Bookmark";
  }

  async function toggleBookmark() {
    const existing = bookmarkOnPage();
    if (existing) { await removeItem("bookmarks", existing); updateBookmarkButton(); return; }
    const position = currentPosition();
    if (!position) return;
    const locator = locatorAt(position.section, placeInPage(position.offset), position.length);
    await addItem("bookmarks", { locator });
    updateBookmarkButton();
    toast("Bookmarked");
  }

  function renderAnnotations() {
    renderItemList("bookmark-list", reader.bookmarks, "bookmarks", (item) => placeTitle(item),
      (item) => item.quote || (item.locator && item.locator.text && item.locator.text.highlight) || "", "No bookmarks yet. Press b to add one.");
    renderItemList("highlight-list", reader.highlights, "highlights", (item) => item.quote || "Highlight",
      (item) => placeTitle(item), "No highlights yet. Select text to highlight it.");
    if (reader.index >= 0) { applyHighlights(); updateBookmarkButton(); }
  }

  function placeTitle(item) {
    const section = itemSection(item);
    const entry = typeof section === "number" ? tocEntryOfSection(section) : null;
    return (entry && entry.title) || ((reader.sections[section] || {}).title) || "Section " + ((section ?? 0) + 1);
  }

  function renderItemList(listId, items, kind, title, detail, emptyText) {
    const list = $(listId);
    list.replaceChildren();
    if (!items.length) { list.append(el("li", "empty", emptyText)); return; }
    const sorted = items.slice().sort((a, b) => compareLocators(a.locator || (a.range && a.range.start), b.locator || (b.range && b.range.start)));
    for (const item of sorted) {
      const li = el("li");
      const link = el("a", "", title(item));
      link.href = "#";
      const more = detail(item);
      if (more) link.append(el("span", "item-meta", more));
      link.addEventListener("click", async (event) => {
        event.preventDefault();
        closePanels();
        const section = itemSection(item);
        if (typeof section !== "number") return;
        await showSection(section, {});
        const place = itemPlace(item);
        if (place) goToPage(pageOfOffset(place.start));
      });
      const remove = el("button", "delete", "×");
      remove.type = "button";
      remove.setAttribute("aria-label", "Remove");
      remove.addEventListener("click", () => removeItem(kind, item));
      li.append(link, remove);
      list.append(li);
    }
  }

  function compareLocators(a, b) {
    const la = (a && a.locations) || {}, lb = (b && b.locations) || {};
    return (la.totalProgression ?? 0) - (lb.totalProgression ?? 0) || (la.progression ?? 0) - (lb.progression ?? 0);
  }

  function applyHighlights() {
    if (!reader || reader.index < 0) return;
    unmark("mark.user-highlight");
    const ranges = reader.highlights.map(itemPlace).filter((range) => range && range.end > range.start);
    for (const range of ranges.sort((a, b) => b.start - a.start)) markRange(range.start, range.end, "user-highlight");
  }

  function selectionInContent() {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || !selection.rangeCount) return null;
    const range = selection.getRangeAt(0);
    if (!$("content").contains(range.commonAncestorContainer)) return null;
    return range;
  }

  function offsetOfBoundary(container, offset) {
    const range = document.createRange();
    range.setStart($("content"), 0);
    range.setEnd(container, offset);
    return range.toString().length;
  }

  async function highlightSelection() {
    const range = selectionInContent();
    $("selection-menu").hidden = true;
    if (!range) return;
    const start = offsetOfBoundary(range.startContainer, range.startOffset);
    const end = offsetOfBoundary(range.endContainer, range.endOffset);
    const index = textIndex();
    const text = index.text.slice(start, end);
    window.getSelection().removeAllRanges();
    if (!text.trim()) return;
    const startLocator = locatorAt(reader.index, start, index.length);
    startLocator.text.highlight = text.replace(/\s+/g, " ");
    startLocator.text.after = index.text.slice(end, end + 40).replace(/\s+/g, " ");
    const endLocator = locatorAt(reader.index, end, index.length);
    await addItem("highlights", { range: { start: startLocator, end: endLocator }, color: "yellow" }, { quote: text });
    toast("Highlighted");
  }

  function showSelectionMenu() {
    const range = selectionInContent();
    const menu = $("selection-menu");
    if (!range) { menu.hidden = true; return; }
    const rect = range.getBoundingClientRect();
    menu.hidden = false;
    menu.style.left = Math.max(8, rect.left + rect.width / 2 - menu.offsetWidth / 2) + "px";
    menu.style.top = Math.max(8, rect.top - menu.offsetHeight - 8) + "px";
  }

  let toastTimer = 0;
  function toast(text) {
    const box = $("toast");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, 1800);
  }

  // ---- Relayout when the page size or the text size changes, keeping the place ----

  function relayout() {
    if (!reader || reader.index < 0 || reader.loading) return;
    const anchor = reader.anchor || 0;
    paginate();
    goToPage(pageOfOffset(anchor), anchor);
  }

  let resizeTimer = 0;
  function scheduleRelayout() {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(relayout, 120);
  }

  function changeFontSize(delta) {
    settings.fontSize = Math.max(12, Math.min(32, settings.fontSize + delta));
    saveSettings();
    applyAppearance();
    relayout();
  }

  // ---- Events ----

  function wireEvents() {
    window.addEventListener("hashchange", route);
    // The page's size changes with the window, and also when the bars' fonts arrive.
    new ResizeObserver(scheduleRelayout).observe($("page-frame"));
    window.addEventListener("pagehide", savePositionNow);
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") savePositionNow(); });

    let searchTimer = 0;
    $("library-search").addEventListener("input", () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => loadLibrary(true), 250);
    });
    $("library-sort").value = settings.sort;
    $("library-sort").addEventListener("change", () => { settings.sort = $("library-sort").value; saveSettings(); loadLibrary(true); });
    $("library-more").addEventListener("click", () => loadLibrary(false));
    $("library-theme").addEventListener("click", () => {
      const themes = ["light", "sepia", "dark"];
      settings.theme = themes[(themes.indexOf(settings.theme) + 1) % themes.length];
      saveSettings();
      applyAppearance();
    });

    $("turn-prev").addEventListener("click", previousPage);
    $("turn-next").addEventListener("click", nextPage);
    $("toc-button").addEventListener("click", () => { if (togglePanel("toc-panel", "toc-button")) selectTab("toc"); });
    $("search-button").addEventListener("click", () => { if (togglePanel("search-panel", "search-button")) $("search-input").focus(); });
    $("settings-button").addEventListener("click", () => togglePanel("settings-panel", "settings-button"));
    $("bookmark-button").addEventListener("click", toggleBookmark);
    $("highlight-button").addEventListener("click", highlightSelection);
    $("back-button").addEventListener("click", () => savePositionNow());
    for (const tab of ["toc", "bookmarks", "highlights"]) $("tab-" + tab).addEventListener("click", () => selectTab(tab));
    for (const button of document.querySelectorAll("[data-close]")) button.addEventListener("click", closePanels);
    $("search-form").addEventListener("submit", (event) => { event.preventDefault(); runSearch($("search-input").value.trim()); });
    $("font-smaller").addEventListener("click", () => changeFontSize(-1));
    $("font-larger").addEventListener("click", () => changeFontSize(1));
    for (const button of document.querySelectorAll(".theme-choice")) {
      button.addEventListener("click", () => { settings.theme = button.dataset.themeChoice; saveSettings(); applyAppearance(); });
    }
    for (const button of document.querySelectorAll(".font-choice")) {
      button.addEventListener("click", () => {
        settings.font = button.dataset.font; saveSettings(); applyAppearance();
        relayout();
      });
    }

    // Clicks on the page: the left third goes back, the right third forward; links inside the
    // book lead to their section; a selection offers to highlight.
    $("page-frame").addEventListener("click", (event) => {
      const link = event.target.closest("a[href]");
      if (link) {
        const href = link.getAttribute("href");
        const internal = href.match(/^#s(\d+)(?:-(.+))?$/);
        if (internal) {
          event.preventDefault();
          const section = Number(internal[1]);
          showSection(section, internal[2] ? { fragment: decodeURIComponent(internal[2]) } : { page: 0 });
        }
        return;
      }
      if (selectionInContent()) return;
      const frame = $("page-frame").getBoundingClientRect();
      const x = (event.clientX - frame.left) / frame.width;
      if (x < 1 / 3) previousPage();
      else if (x > 2 / 3) nextPage();
    });
    document.addEventListener("selectionchange", () => {
      if (!reader || reader.index < 0) return;
      clearTimeout(showSelectionMenu.timer);
      showSelectionMenu.timer = setTimeout(showSelectionMenu, 150);
    });

    // Swipes: a horizontal move of 40 px or more turns the page.
    let touch = null;
    $("stage").addEventListener("touchstart", (event) => {
      if (event.touches.length === 1) touch = { x: event.touches[0].clientX, y: event.touches[0].clientY, time: Date.now() };
    }, { passive: true });
    $("stage").addEventListener("touchend", (event) => {
      if (!touch) return;
      const point = event.changedTouches[0];
      const dx = point.clientX - touch.x, dy = point.clientY - touch.y;
      touch = null;
      if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(dy) * 1.5) {
        if (event.cancelable) event.preventDefault();
        if (dx < 0) nextPage(); else previousPage();
      }
    });

    document.addEventListener("keydown", (event) => {
      if ($("reader-view").hidden || !reader) return;
      const typing = event.target.closest && event.target.closest("input, textarea, select");
      if (event.key === "Escape") {
        if (!$("toc-panel").hidden || !$("search-panel").hidden || !$("settings-panel").hidden) closePanels();
        else location.hash = "#/";
        return;
      }
      if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
      switch (event.key) {
        case "ArrowRight": case "PageDown": case "l": case "j": nextPage(); break;
        case " ": if (event.shiftKey) previousPage(); else nextPage(); break;
        case "ArrowLeft": case "PageUp": case "h": case "k": previousPage(); break;
        case "Home": showSection(0, { page: 0 }); break;
        case "End": showSection(reader.sections.length - 1, { last: true }); break;
        case "t": if (togglePanel("toc-panel", "toc-button")) selectTab("toc"); break;
        case "/": event.preventDefault(); if ($("search-panel").hidden) togglePanel("search-panel", "search-button"); $("search-input").focus(); return;
        case "b": toggleBookmark(); break;
        case "+": case "=": changeFontSize(1); break;
        case "-": changeFontSize(-1); break;
        default: return;
      }
      event.preventDefault();
    });
  }

  applyAppearance();
  wireEvents();
  route();

  // For tests and embedders: where the reader is.
  window.readerApp = {
    sectionHref: (index) => reader && reader.sections[index] && reader.sections[index].href,
    state: () => reader && {
      book: reader.id, section: reader.index, page: reader.page, pages: layout.pages, ready: !reader.loading,
      offset: reader.index >= 0 ? reader.anchor : 0, store: reader.store,
      sections: reader.sections ? reader.sections.length : 0,
    },
  };
})();
