package com.example.reports;

import freemarker.template.Configuration;
import freemarker.template.Template;
import jakarta.persistence.EntityManager;
import jakarta.persistence.TypedQuery;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.servlet.http.HttpServletRequest;
import ognl.Ognl;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.VelocityEngine;

public class ReportService {

    private final EntityManager em;
    private final Configuration cfg;
    private final VelocityEngine velocityEngine;

    public ReportService(EntityManager em, Configuration cfg, VelocityEngine velocityEngine) {
        this.em = em;
        this.cfg = cfg;
        this.velocityEngine = velocityEngine;
    }

    public List<Report> byOwner(String owner, String sortColumn) {
        // expect: java.jpa-query-concat
        TypedQuery<Report> q = em.createQuery("SELECT r FROM Report r WHERE r.owner = :owner ORDER BY r." + sortColumn, Report.class);
        return q.setParameter("owner", owner).getResultList();
    }

    public List<Report> byStatus(String status) {
        // ok: java.jpa-query-concat
        return em.createQuery("SELECT r FROM Report r WHERE r.status = :status", Report.class)
                .setParameter("status", status)
                .getResultList();
    }

    public String renderCustom(String userTemplate, Map<String, Object> model) throws Exception {
        // expect: java.freemarker-template-injection
        Template t = new Template("custom", new StringReader(userTemplate), cfg);
        StringWriter out = new StringWriter();
        t.process(model, out);
        return out.toString();
    }

    public String renderStandard(Map<String, Object> model) throws Exception {
        // ok: java.freemarker-template-injection
        Template t = cfg.getTemplate("report.ftl");
        StringWriter out = new StringWriter();
        t.process(model, out);
        return out.toString();
    }

    public String mailBody(String subjectLine, String bodyTemplate, String customer) {
        VelocityContext ctx = new VelocityContext();
        ctx.put("customer", customer);
        StringWriter out = new StringWriter();
        // ok: java.velocity-template-injection
        velocityEngine.evaluate(ctx, out, "subject", "Report for $customer");
        // expect: java.velocity-template-injection
        velocityEngine.evaluate(ctx, out, "body", bodyTemplate);
        return subjectLine + out;
    }

    public Object column(Object row, String path) throws Exception {
        // expect: java.expression-language-injection
        return Ognl.getValue(path, row);
    }

    public Object total(Object row) throws Exception {
        // ok: java.expression-language-injection
        return Ognl.getValue("amount * quantity", row);
    }

    public Object preview(HttpServletRequest request) throws Exception {
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("javascript");
        String formula = request.getParameter("formula");
        // expect: java.script-engine-injection
        return engine.eval(formula);
    }

    public Object scale(HttpServletRequest request) throws Exception {
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("javascript");
        engine.put("factor", Double.parseDouble(request.getParameter("factor")));
        // ok: java.script-engine-injection
        return engine.eval("amount * factor");
    }
}
