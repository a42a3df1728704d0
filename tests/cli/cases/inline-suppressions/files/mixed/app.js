const { exec } = require('child_process');

function a(req) {
  exec(req.query.cmd); // nosemgrep
}

function b(req) {
  // rampart:ignore js.child-process-exec-injection -- reviewed
  exec(req.query.cmd);
}

function c(req) {
  const s = "// NOSONAR"; exec(req.query.cmd);
}

function d(req) {
  // rampart:ignore js.eval-injection -- another rule's id
  exec(req.query.cmd);
}

function e(req) {
  eval(req.query.code); /* NOSONAR legacy */
}
