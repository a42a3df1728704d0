'use strict';

const yaml = require('js-yaml');

const ARITHMETIC = /^[0-9+\-*/(). ]{1,64}$/;

class FormulaEngine {
  evaluate(formula) {
    // expect: CWE-95
    return eval(formula);
  }

  evaluateArithmetic(formula) {
    if (!ARITHMETIC.test(formula)) {
      throw new Error('unsupported formula');
    }
    // ok: CWE-95
    return eval(formula);
  }
}

function parsePipelineConfig(text) {
  // expect: CWE-502
  return yaml.load(text, { schema: yaml.DEFAULT_FULL_SCHEMA });
}

function parsePipelineConfigSafe(text) {
  // ok: CWE-502
  return yaml.load(text, { schema: yaml.DEFAULT_SAFE_SCHEMA });
}

module.exports = { FormulaEngine, parsePipelineConfig, parsePipelineConfigSafe };
