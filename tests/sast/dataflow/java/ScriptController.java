package com.acme.shop;

import java.util.HashMap;
import java.util.Map;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/pricing")
public class ScriptController {

    private static final boolean ALLOW_CUSTOM_RULES = false;

    private final ScriptEngineManager manager = new ScriptEngineManager();

    @PostMapping("/discount")
    public ResponseEntity<String> discount(@RequestParam("limit") String limit) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        String script = "var limit = " + limit + "; limit * 0.9";
        // expect: CWE-95
        Object result = engine.eval(script);
        return ResponseEntity.ok(String.valueOf(result));
    }

    @PostMapping("/discount/fixed")
    public ResponseEntity<String> fixedDiscount(@RequestParam("limit") String limit) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        String script = "var limit = " + Integer.parseInt(limit) + "; limit * 0.9";
        // ok: CWE-95
        Object result = engine.eval(script);
        return ResponseEntity.ok(String.valueOf(result));
    }

    @PostMapping("/formula")
    public ResponseEntity<String> formula(@RequestParam("formula") String formula) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        StringBuilder script = new StringBuilder("function price(x) { return ");
        script.append(formula).append("; } price(100)");
        // expect: CWE-95
        Object result = engine.eval(script.toString());
        return ResponseEntity.ok(String.valueOf(result));
    }

    @PostMapping("/formula/standard")
    public ResponseEntity<String> standardFormula(@RequestParam("formula") String formula) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        formula = "x * 1.2";
        StringBuilder script = new StringBuilder("function price(x) { return ");
        script.append(formula).append("; } price(100)");
        // ok: CWE-95
        Object result = engine.eval(script.toString());
        return ResponseEntity.ok(String.valueOf(result));
    }

    @PostMapping("/rule")
    public ResponseEntity<String> rule(@RequestParam(value = "rule", required = false) String custom) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        engine.put("total", 250);
        String rule = custom != null ? custom : "total > 100";
        // expect: CWE-95
        Object result = engine.eval(rule);
        return ResponseEntity.ok(String.valueOf(result));
    }

    @PostMapping("/rule/default")
    public ResponseEntity<String> defaultRule(@RequestParam(value = "rule", required = false) String custom) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        engine.put("total", 250);
        String rule = ALLOW_CUSTOM_RULES ? custom : "total > 100";
        // ok: CWE-95
        Object result = engine.eval(rule);
        return ResponseEntity.ok(String.valueOf(result));
    }

    @PostMapping("/expression")
    public ResponseEntity<String> expression(@RequestBody Map<String, String> body) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        Map<String, String> scripts = new HashMap<>();
        scripts.put("user", body.get("expression"));
        scripts.put("builtin", "Math.round(total * 100) / 100");
        engine.put("total", 42.5);
        // expect: CWE-95
        Object result = engine.eval(scripts.get("user"));
        return ResponseEntity.ok(String.valueOf(result));
    }

    @PostMapping("/expression/builtin")
    public ResponseEntity<String> builtinExpression(@RequestBody Map<String, String> body) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        Map<String, String> scripts = new HashMap<>();
        scripts.put("user", body.get("expression"));
        scripts.put("builtin", "Math.round(total * 100) / 100");
        engine.put("total", 42.5);
        // ok: CWE-95
        Object result = engine.eval(scripts.get("builtin"));
        return ResponseEntity.ok(String.valueOf(result));
    }

    @PostMapping("/promotion")
    public ResponseEntity<String> promotion(@RequestParam("when") String condition) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        engine.put("order", Map.of("total", 120));
        String script = RuleCompiler.compile(condition);
        // expect: CWE-95
        Object eligible = engine.eval(script);
        return ResponseEntity.ok(String.valueOf(eligible));
    }

    @PostMapping("/promotion/standard")
    public ResponseEntity<String> standardPromotion(@RequestParam("when") String condition) throws Exception {
        ScriptEngine engine = manager.getEngineByName("javascript");
        engine.put("order", Map.of("total", 120));
        String script = RuleCompiler.defaultRule(condition);
        // ok: CWE-95
        Object eligible = engine.eval(script);
        return ResponseEntity.ok(String.valueOf(eligible));
    }
}
