'use strict';

const escapeHtml = require('escape-html');

class ProfileCard {
  constructor(displayName, bio) {
    this.displayName = displayName;
    this.bio = bio;
  }

  toHtml() {
    return `<section class="card"><h3>${this.displayName}</h3><p>${this.bio}</p></section>`;
  }

  toSafeHtml() {
    return `<section class="card"><h3>${escapeHtml(this.displayName)}</h3><p>${escapeHtml(this.bio)}</p></section>`;
  }
}

function sendNotice(res, text) {
  res.set('Content-Type', 'text/html');
  // expect: CWE-79
  res.send('<div class="notice">' + text + '</div>');
}

function sendNoticeEscaped(res, text) {
  res.set('Content-Type', 'text/html');
  // ok: CWE-79
  res.send('<div class="notice">' + escapeHtml(text) + '</div>');
}

function postLoginTarget(requested) {
  return requested || '/dashboard';
}

function postLogoutTarget(requested) {
  return '/goodbye';
}

module.exports = { ProfileCard, sendNotice, sendNoticeEscaped, postLoginTarget, postLogoutTarget };
