// The offline page (offline.html, shown by the service worker when a page cannot be loaded): its words in
// the site's language (the one chosen in the header, else the browser's), a button that tries the page
// again, and a try of its own as soon as the connection comes back.  No imports: the worker keeps this file
// alone for the page.

const saved = (() => {
  try {
    return localStorage.getItem("hanpan.lang");
  } catch {
    return null;
  }
})();
const lang = saved === "ko" || saved === "en" ? saved : (navigator.language || "en").toLowerCase().startsWith("ko") ? "ko" : "en";
document.documentElement.lang = lang;
document.documentElement.classList.add(`chosen-${lang}`);
document.body.classList.remove("both");
document.title = lang === "ko" ? "오프라인 — 한판" : "Offline — hanpan";

/** Load the page that failed again (this page stands at its address). */
function retry() {
  location.reload();
}

// the plain links become buttons (a link reloads too, but a button is what it is)
for (const link of document.querySelectorAll("a.retry")) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "retry";
  button.id = link.id;
  button.textContent = link.textContent;
  button.addEventListener("click", retry);
  link.replaceWith(button);
}
window.addEventListener("online", retry);
