// CI keeps only the end of the test log, where `npm test`'s summary is: this reporter writes each
// failed journey (title, file:line, the error's first line, duration) to a file that the summary
// prints, so a failed run says which journeys failed and why without the whole log.
const fs = require('node:fs');
const path = require('node:path');

class FailureListReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile;
    this.lines = [];
  }

  onTestEnd(test, result) {
    if (result.status === 'passed' || result.status === 'skipped' || result.status === test.expectedStatus) return;
    const where = `${path.basename(test.location.file)}:${test.location.line}`;
    const message = (result.error?.message ?? result.status).replace(/\u001b\[[0-9;]*m/g, '');
    const error = message.split('\n').find((l) => l.trim()) ?? '';
    const failedAt = result.error?.location ? ` at ${path.basename(result.error.location.file)}:${result.error.location.line}` : '';
    this.lines.push(
      `${where} ${test.titlePath().slice(3).join(' › ')} (${(result.duration / 1000).toFixed(1)} s)${failedAt}: ${error.trim().slice(0, 300)}`,
    );
    // An assertion's expected and received values (a deep-equality diff's changed lines), which
    // the first line does not carry: a few lines, each cut short.
    const diff = message
      .split('\n')
      .filter((l) => /^(Expected|Received|[-+] )/.test(l))
      .slice(0, 8)
      .map((l) => `  | ${l.trimEnd().slice(0, 200)}`);
    this.lines.push(...diff);
    // What the page showed when it failed (the page fixture's attachment), on the next line.
    const state = result.attachments.find((a) => a.name === 'page-state' && a.body);
    if (state) this.lines.push(`  page: ${state.body.toString('utf8').slice(0, 600)}`);
  }

  onEnd() {
    if (!this.outputFile) return;
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true });
    fs.writeFileSync(this.outputFile, this.lines.join('\n') + (this.lines.length ? '\n' : ''));
  }

  printsToStdio() {
    return false;
  }
}

module.exports = FailureListReporter;
