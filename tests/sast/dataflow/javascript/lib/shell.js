'use strict';

const { exec, execFile } = require('child_process');
const { promisify } = require('util');

const execAsync = promisify(exec);
const execFileAsync = promisify(execFile);

const APP_LOG = '/var/log/app/app.log';

class LogSearch {
  constructor(logFile = APP_LOG) {
    this.logFile = logFile;
  }

  async countMatchesShell(pattern) {
    // expect: CWE-78
    const { stdout } = await execAsync("grep -c '" + pattern + "' " + this.logFile);
    return parseInt(stdout, 10);
  }

  async countMatches(pattern) {
    // ok: CWE-78
    const { stdout } = await execFileAsync('grep', ['-c', '--', pattern, this.logFile]);
    return parseInt(stdout, 10);
  }
}

function buildPingCommand(host) {
  return `ping -c 3 -W 2 ${host}`;
}

function buildUptimeCommand(host) {
  return 'uptime';
}

module.exports = { LogSearch, buildPingCommand, buildUptimeCommand };
