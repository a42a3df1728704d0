package com.acme.shop;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Controller
public class RedirectController {

    private static final boolean FOLLOW_RETURN_URL = false;
    private static final Set<String> ALLOWED_RETURNS = Set.of("/account", "/orders", "/cart");

    @GetMapping("/sso/return")
    public String ssoReturn(@RequestParam(value = "returnUrl", required = false) String returnUrl) {
        if (returnUrl != null) {
            // expect: CWE-601
            return "redirect:" + returnUrl;
        }
        return "redirect:/dashboard";
    }

    @GetMapping("/sso/complete")
    public String ssoComplete(@RequestParam(value = "returnUrl", required = false) String returnUrl) {
        if (FOLLOW_RETURN_URL) {
            // ok: CWE-601
            return "redirect:" + returnUrl;
        }
        return "redirect:/dashboard";
    }

    @GetMapping("/login/success")
    public String loginSuccess(@RequestParam(value = "continue", required = false) String next) {
        String target = next != null ? next : "/account";
        // expect: CWE-601
        return "redirect:" + target;
    }

    @GetMapping("/login/done")
    public String loginDone(@RequestParam(value = "continue", required = false) String next) {
        String target = ALLOWED_RETURNS.contains(next) ? next : "/account";
        // ok: CWE-601
        return "redirect:" + target;
    }

    @GetMapping("/locale/switch")
    public String switchLocale(@RequestParam("back") String back) {
        Map<String, String> targets = new HashMap<>();
        targets.put("back", back);
        targets.put("home", "/");
        // expect: CWE-601
        return "redirect:" + targets.get("back");
    }

    @GetMapping("/locale/reset")
    public String resetLocale(@RequestParam("back") String back) {
        Map<String, String> targets = new HashMap<>();
        targets.put("back", back);
        targets.put("home", "/");
        // ok: CWE-601
        return "redirect:" + targets.get("home");
    }

    @GetMapping("/newsletter/click")
    public String newsletterClick(@RequestParam("target") String target, @RequestParam("c") String campaign) {
        String url = RedirectHelper.withCampaign(target, campaign);
        // expect: CWE-601
        return "redirect:" + url;
    }

    @GetMapping("/newsletter/open")
    public String newsletterOpen(@RequestParam("target") String target, @RequestParam("c") String campaign) {
        String url = RedirectHelper.landingPage(target, campaign);
        // ok: CWE-601
        return "redirect:" + url;
    }
}
