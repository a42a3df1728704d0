package com.acme.shop;

import java.io.IOException;
import javax.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.HtmlUtils;

@Controller
public class GreetingController {

    @GetMapping("/greet")
    public void greet(@RequestParam("name") String name, HttpServletResponse response) throws IOException {
        String greeting = "<div class=\"greeting\">Hello, " + name + "</div>";
        response.setContentType("text/html;charset=UTF-8");
        // expect: CWE-79
        response.getWriter().println(greeting);
    }

    @GetMapping("/greet/escaped")
    public void greetEscaped(@RequestParam("name") String name, HttpServletResponse response) throws IOException {
        String greeting = "<div class=\"greeting\">Hello, " + HtmlUtils.htmlEscape(name) + "</div>";
        response.setContentType("text/html;charset=UTF-8");
        // ok: CWE-79
        response.getWriter().println(greeting);
    }

    @GetMapping("/profile/{handle}")
    public void profile(@PathVariable("handle") String handle, HttpServletResponse response) throws IOException {
        String heading = handle.isEmpty() ? "Anonymous" : handle;
        response.setContentType("text/html;charset=UTF-8");
        // expect: CWE-79
        response.getWriter().write("<h1>" + heading + "</h1>");
    }

    @GetMapping("/profile/{handle}/card")
    public void profileCard(@PathVariable("handle") String handle, HttpServletResponse response) throws IOException {
        String heading = handle.isEmpty() ? "Anonymous" : HtmlUtils.htmlEscape(handle);
        response.setContentType("text/html;charset=UTF-8");
        // ok: CWE-79
        response.getWriter().write("<h1>" + heading + "</h1>");
    }
}
