package com.example.bank.api;

import java.util.List;
import java.util.Map;
import org.springframework.expression.Expression;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.SimpleEvaluationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;

@Controller
@RequestMapping("/accounts")
public class AccountController {

    private final JdbcTemplate jdbcTemplate;
    private final RestTemplate restTemplate;
    private final SpelExpressionParser parser = new SpelExpressionParser();

    public AccountController(JdbcTemplate jdbcTemplate, RestTemplate restTemplate) {
        this.jdbcTemplate = jdbcTemplate;
        this.restTemplate = restTemplate;
    }

    @GetMapping("/search")
    @ResponseBody
    public List<Map<String, Object>> search(@RequestParam String owner, @RequestParam(defaultValue = "id") String orderBy) {
        // expect: java.jdbctemplate-sqli
        return jdbcTemplate.queryForList("SELECT * FROM accounts WHERE owner = '" + owner + "' ORDER BY " + orderBy);
    }

    @GetMapping("/{id}")
    @ResponseBody
    public Map<String, Object> get(@PathVariable long id) {
        // ok: java.jdbctemplate-sqli
        return jdbcTemplate.queryForMap("SELECT * FROM accounts WHERE id = ?", id);
    }

    @PostMapping("/{id}/close")
    public String close(@PathVariable String id, @RequestParam("next") String next) {
        String sql = "UPDATE accounts SET closed = true WHERE id = " + id;
        // expect: java.jdbctemplate-sqli
        jdbcTemplate.update(sql);
        // expect: java.spring-open-redirect
        return "redirect:" + next;
    }

    @PostMapping("/{id}/rename")
    public String rename(@PathVariable long id, @RequestParam String name) {
        // ok: java.jdbctemplate-sqli
        jdbcTemplate.update("UPDATE accounts SET name = ? WHERE id = ?", name, id);
        // ok: java.spring-open-redirect
        return "redirect:/accounts/" + id;
    }

    @GetMapping("/rate")
    @ResponseBody
    public String rate(@RequestParam String currency, @RequestParam String provider) {
        // ok: java.ssrf-rest-client
        String fixed = restTemplate.getForObject("https://rates.internal.example.com/v1/" + currency, String.class);
        // expect: java.ssrf-rest-client
        String custom = restTemplate.getForObject(provider, String.class);
        return fixed + custom;
    }

    @GetMapping("/fee")
    @ResponseBody
    public Object fee(@RequestParam String formula) {
        // expect: java.spel-expression-injection
        Expression expr = parser.parseExpression(formula);
        return expr.getValue();
    }

    @GetMapping("/field")
    @ResponseBody
    public Object field(@RequestParam String path, Account account) {
        SimpleEvaluationContext ctx = SimpleEvaluationContext.forReadOnlyDataBinding().build();
        // ok: java.spel-expression-injection
        return parser.parseExpression(path).getValue(ctx, account);
    }

    @GetMapping("/total")
    @ResponseBody
    public Object total(Account account) {
        // ok: java.spel-expression-injection
        return parser.parseExpression("balance + pending").getValue(account);
    }
}
