/* cvgraph SPARQL query page: editor, examples, run, results table, downloads.
 * Self-contained (no CDN). All result values are inserted with textContent, never
 * innerHTML, and only http(s) IRIs become links. */
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("config").textContent);
  var base = config.base;
  var form = document.getElementById("query-form");
  var editor = document.getElementById("query");
  var select = document.getElementById("examples");
  var statusEl = document.getElementById("status");
  var results = document.getElementById("results");
  var downloads = document.getElementById("downloads");
  var downloadLinks = document.getElementById("download-links");

  function setStatus(text, isError) {
    statusEl.textContent = text;
    statusEl.className = isError ? "error" : "";
  }

  config.examples.forEach(function (ex, i) {
    var opt = document.createElement("option");
    opt.value = String(i);
    opt.textContent = ex.title;
    select.appendChild(opt);
  });
  select.addEventListener("change", function () {
    if (select.value === "") return;
    editor.value = config.examples[Number(select.value)].query.replace(/^\n+/, "");
    editor.focus();
  });

  document.getElementById("add-prefixes").addEventListener("click", function () {
    var text = editor.value;
    var lines = [];
    Object.keys(config.prefixes).forEach(function (p) {
      var declared = new RegExp("PREFIX\\s+" + p + ":", "i").test(text);
      var used = new RegExp("(^|[^\\w:])" + p + ":", "m").test(text);
      if (used && !declared) lines.push("PREFIX " + p + ": <" + config.prefixes[p] + ">");
    });
    if (lines.length) editor.value = lines.join("\n") + "\n" + text;
  });

  var params = new URLSearchParams(window.location.search);
  if (params.get("query")) {
    editor.value = params.get("query");
  } else if (config.examples.length) {
    editor.value = config.examples[0].query.replace(/^\n+/, "");
  }

  function localHref(iri) {
    if (iri.indexOf(base) === 0) return "/" + iri.substring(base.length);
    if (/^https?:\/\//i.test(iri)) return iri;
    return null;
  }

  function compact(iri) {
    var best = null;
    Object.keys(config.prefixes).forEach(function (p) {
      var ns = config.prefixes[p];
      if (iri.indexOf(ns) === 0 && iri.length > ns.length && (!best || ns.length > best[1].length)) best = [p, ns];
    });
    return best ? best[0] + ":" + iri.substring(best[1].length) : iri;
  }

  function renderTerm(term) {
    var span = document.createElement("span");
    if (!term) return span;
    if (term.type === "uri") {
      var href = localHref(term.value);
      var el = href ? document.createElement("a") : document.createElement("span");
      if (href) el.href = href;
      el.textContent = compact(term.value);
      el.title = term.value;
      return el;
    }
    if (term.type === "bnode") {
      span.textContent = "_:" + term.value;
      return span;
    }
    if (term.type === "triple") {
      span.textContent = "<< " + [term.value.subject, term.value.predicate, term.value.object]
        .map(function (t) { return t.value; }).join(" ") + " >>";
      return span;
    }
    span.textContent = term.value;
    var extra = null;
    if (term["xml:lang"]) extra = "@" + term["xml:lang"];
    else if (term.datatype && !/#string$/.test(term.datatype)) extra = "^^" + compact(term.datatype);
    if (extra) {
      var small = document.createElement("span");
      small.className = "dt";
      small.textContent = " " + extra;
      var wrap = document.createElement("span");
      wrap.appendChild(span);
      wrap.appendChild(small);
      return wrap;
    }
    return span;
  }

  function renderResults(data) {
    results.textContent = "";
    if (typeof data.boolean === "boolean") {
      var p = document.createElement("p");
      p.textContent = "ASK → " + data.boolean;
      results.appendChild(p);
      return 1;
    }
    var vars = data.head.vars || [];
    var rows = data.results.bindings || [];
    var table = document.createElement("table");
    var thead = document.createElement("thead");
    var tr = document.createElement("tr");
    vars.forEach(function (v) {
      var th = document.createElement("th");
      th.textContent = "?" + v;
      tr.appendChild(th);
    });
    thead.appendChild(tr);
    table.appendChild(thead);
    var tbody = document.createElement("tbody");
    var limit = Math.min(rows.length, 5000);
    for (var i = 0; i < limit; i++) {
      var row = document.createElement("tr");
      vars.forEach(function (v) {
        var td = document.createElement("td");
        td.appendChild(renderTerm(rows[i][v]));
        row.appendChild(td);
      });
      tbody.appendChild(row);
    }
    table.appendChild(tbody);
    results.appendChild(table);
    if (rows.length > limit) {
      var note = document.createElement("p");
      note.className = "hint";
      note.textContent = "Showing the first " + limit + " of " + rows.length + " rows; download for all.";
      results.appendChild(note);
    }
    return rows.length;
  }

  function showDownloads(query, family) {
    downloadLinks.textContent = "";
    (config.formats[family] || []).forEach(function (f) {
      var a = document.createElement("a");
      a.href = "/sparql?query=" + encodeURIComponent(query) + "&format=" + encodeURIComponent(f.key);
      a.textContent = f.label;
      a.setAttribute("download", "results." + f.suffix);
      a.type = f.media_type;
      downloadLinks.appendChild(a);
    });
    downloads.hidden = false;
  }

  function run(event) {
    if (event) event.preventDefault();
    var query = editor.value;
    if (!query.trim()) { setStatus("Enter a query first.", true); return; }
    setStatus("Running…", false);
    results.textContent = "";
    downloads.hidden = true;
    var started = Date.now();
    fetch("/sparql", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Accept": "application/sparql-results+json, text/turtle;q=0.9"
      },
      body: "query=" + encodeURIComponent(query)
    }).then(function (resp) {
      var type = resp.headers.get("Content-Type") || "";
      var truncated = resp.headers.get("X-Cvgraph-Truncated") === "true";
      return resp.text().then(function (text) {
        var secs = ((Date.now() - started) / 1000).toFixed(2);
        if (!resp.ok) {
          setStatus("Error " + resp.status + ": " + text, true);
          return;
        }
        if (type.indexOf("json") >= 0) {
          var n = renderResults(JSON.parse(text));
          setStatus(n + " result" + (n === 1 ? "" : "s") + " in " + secs + " s" +
                    (truncated ? " (truncated to " + config.maxResults + " rows)" : ""), false);
          showDownloads(query, "results");
        } else {
          var pre = document.createElement("pre");
          pre.className = "rdf";
          pre.textContent = text;
          results.appendChild(pre);
          setStatus("Graph result in " + secs + " s" + (truncated ? " (truncated)" : ""), false);
          showDownloads(query, "graph");
        }
        try {
          var url = new URL(window.location.href);
          url.searchParams.set("query", query);
          window.history.replaceState(null, "", url.toString());
        } catch (e) { /* old browser: ignore */ }
      });
    }).catch(function (err) {
      setStatus("Request failed: " + err, true);
    });
  }

  form.addEventListener("submit", run);
  editor.addEventListener("keydown", function (e) {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") run(e);
  });
}());
