/* Dashboard widgets: runs in the browser. */
import DOMPurify from "dompurify";
import { api } from "./api";

const PARTNER_ORIGIN = "https://partner.example.com";
const params = new URLSearchParams(window.location.search);

export function renderGreeting(container) {
  const name = params.get("name") || "guest";
  // expect: js.dom-innerhtml-assignment
  container.innerHTML = `<h2>Welcome back, ${name}!</h2>`;
}

export function renderGreetingSafely(container) {
  const heading = document.createElement("h2");
  heading.textContent = `Welcome back, ${params.get("name") || "guest"}!`;
  // ok: js.dom-innerhtml-assignment
  container.innerHTML = "";
  container.appendChild(heading);
}

export function renderNotes(list, notes) {
  for (const note of notes) {
    // expect: js.dom-insert-adjacent-html
    list.insertAdjacentHTML("beforeend", "<li class='note'>" + note.body + "</li>");
  }
}

export function renderAnnouncement(panel, announcement) {
  // ok: js.dom-innerhtml-assignment
  panel.innerHTML = DOMPurify.sanitize(announcement.html);
  // ok: js.dom-insert-adjacent-html
  panel.insertAdjacentHTML("afterbegin", "<hr class='divider'>");
}

export function legacyBanner() {
  // expect: js.document-write
  document.write("<div class='banner'>" + decodeURIComponent(location.hash.slice(1)) + "</div>");
}

export function schedulePoll(widgetId, intervalMs) {
  // expect: js.timer-string-eval
  setInterval("refreshWidget('" + widgetId + "')", intervalMs);
  // ok: js.timer-string-eval
  setTimeout(() => api.refresh(widgetId), intervalMs);
}

export function continueAfterLogin() {
  // expect: js.dom-open-redirect
  window.location.href = params.get("continue") || new URLSearchParams(location.search).get("next");
}

export function goToSettings() {
  // ok: js.dom-open-redirect
  window.location.href = "/settings" + location.hash;
}

export function storeSession(auth) {
  // expect: js.localstorage-sensitive-token
  localStorage.setItem("access_token", auth.accessToken);
  // ok: js.localstorage-sensitive-token
  localStorage.setItem("dashboard_layout", JSON.stringify(auth.layout));
}

export function notifyPartner(frame, session) {
  // expect: js.postmessage-wildcard-origin
  frame.contentWindow.postMessage({ type: "session", user: session.userId }, "*");
  // ok: js.postmessage-wildcard-origin
  frame.contentWindow.postMessage({ type: "ping" }, PARTNER_ORIGIN);
}

export function listenForPartner(onConfig) {
  // expect: js.message-listener-without-origin-check
  window.addEventListener("message", (event) => {
    onConfig(event.data.config);
  });
  // ok: js.message-listener-without-origin-check
  window.addEventListener("message", (event) => {
    if (event.origin !== PARTNER_ORIGIN) return;
    onConfig(event.data.config);
  });
}
