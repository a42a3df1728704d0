// Control flow in a request handler: what can and cannot run.
const { EventEmitter } = require('events');
const util = require('util');

function handle(req, res) {
  switch (req.method) {
    case 'GET':
      return res.send(200);
      break; // expect: unreachable-code
    case 'POST':
      res.send(201);
      break;
    default:
      throw new Error('method ' + req.method);
  }
  return finish(res);

  // declarations after the return are hoisted, and run nothing
  function finish(r) {
    return r.end();
  }
  var unusedLater;
}

function retry(task) {
  outer: for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (task(i, j)) {
        continue outer;
      }
      break;
      task(-1, -1); // expect: unreachable-code
    }
  }
  throw new Error('no luck');
  console.log('after throw'); // expect: unreachable-code
  cleanup();
}

function cleanup() {
  const { a, b } = util.inspect({});
  const [first] = [1];
  const _scratch = 1;
  const kept = 2;
  const probe = 3;
  return eval('kept + probe');
}

module.exports = { handle, retry, cleanup, emitter: new EventEmitter() };
