"""Formula evaluation and scripted pricing rules."""
import re

from flask import Flask, abort, jsonify, request

from helpers.web_state import Calculator

app = Flask(__name__)

ARITH = re.compile(r"[0-9+\-*/. ()]+")
DEFAULT_HOOK = "result = {'discount': 0}"


def _run_hook(code):
    scope = {}
    # expect: CWE-95
    exec(code, scope)
    return scope.get("result")


def _run_default_hook(code):
    scope = {}
    # ok: CWE-95
    exec(DEFAULT_HOOK, scope)
    return scope.get("result")


@app.route("/calc")
def calc():
    expr = request.args.get("expr", "0")
    expr = expr.replace(" ", "")
    # expect: CWE-95
    value = eval(expr)
    return jsonify({"value": value})


@app.route("/calc-checked")
def calc_checked():
    expr = request.args.get("expr", "0")
    expr = expr.replace(" ", "")
    if not ARITH.fullmatch(expr):
        abort(400)
    # ok: CWE-95
    value = eval(expr)
    return jsonify({"value": value})


@app.route("/pricing/rule", methods=["POST"])
def pricing_rule():
    factor = request.form["factor"]
    lines = ["def rule(price):", "    return price * " + factor]
    source = "\n".join(lines)
    scope = {}
    # expect: CWE-95
    exec(source, scope)
    return jsonify({"sample": scope["rule"](100)})


@app.route("/pricing/rule-numeric", methods=["POST"])
def pricing_rule_numeric():
    factor = request.form["factor"]
    lines = ["def rule(price):", "    return price * " + str(float(factor))]
    source = "\n".join(lines)
    scope = {}
    # ok: CWE-95
    exec(source, scope)
    return jsonify({"sample": scope["rule"](100)})


@app.route("/calc/shared", methods=["POST"])
def calc_shared():
    value = Calculator().evaluate(request.form["formula"])
    return jsonify({"value": value})


@app.route("/calc/shared-checked", methods=["POST"])
def calc_shared_checked():
    value = Calculator().evaluate_checked(request.form["formula"])
    return jsonify({"value": value})


@app.route("/calc/score")
def calc_score():
    formula = request.args["f"] if request.args.get("f") else "1 + 1"
    # expect: CWE-95
    score = eval(formula)
    return jsonify({"score": score})


@app.route("/calc/score-default")
def calc_score_default():
    formula = "2 * 3" if request.args.get("f") else "1 + 1"
    # ok: CWE-95
    score = eval(formula)
    return jsonify({"score": score})


@app.route("/reports/metric", methods=["POST"])
def report_metric():
    body = request.get_json()
    ops = {"expr": body.get("expr", "0"), "default": "0"}
    # expect: CWE-95
    metric = eval(ops["expr"])
    return jsonify({"metric": metric})


@app.route("/reports/metric-default", methods=["POST"])
def report_metric_default():
    body = request.get_json()
    ops = {"expr": body.get("expr", "0"), "default": "0"}
    # ok: CWE-95
    metric = eval(ops["default"])
    return jsonify({"metric": metric})


@app.route("/hooks/run", methods=["POST"])
def run_hook():
    result = _run_hook(request.form["hook"])
    return jsonify({"result": result})


@app.route("/hooks/run-default", methods=["POST"])
def run_default_hook():
    result = _run_default_hook(request.form["hook"])
    return jsonify({"result": result})
