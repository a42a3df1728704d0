package com.example.bank.config;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.CorsConfigurationSource;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

@Configuration
public class SecurityConfig implements WebMvcConfigurer {

    @Bean
    @Order(1)
    SecurityFilterChain api(HttpSecurity http) throws Exception {
        http.securityMatcher("/api/**")
            .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
            .oauth2ResourceServer(o -> o.jwt(Customizer.withDefaults()));
        // ok: java.spring-csrf-disabled
        http.csrf(AbstractHttpConfigurer::disable);
        return http.build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain web(HttpSecurity http) throws Exception {
        // expect: java.spring-csrf-disabled
        http.csrf(csrf -> csrf.disable());
        http.authorizeHttpRequests(auth -> auth
                // ok: java.spring-permit-all-everything
                .requestMatchers("/login", "/assets/**").permitAll()
                .anyRequest().authenticated())
            .formLogin(Customizer.withDefaults());
        return http.build();
    }

    @Bean
    @Order(3)
    SecurityFilterChain legacy(HttpSecurity http) throws Exception {
        http.securityMatcher("/legacy/**");
        // expect: java.spring-permit-all-everything
        http.authorizeHttpRequests(auth -> auth.requestMatchers("/**").permitAll());
        return http.build();
    }

    @Override
    public void addCorsMappings(CorsRegistry registry) {
        // expect: java.spring-cors-wildcard-credentials
        registry.addMapping("/api/**").allowedOriginPatterns("*").allowCredentials(true);
        // ok: java.spring-cors-wildcard-credentials
        registry.addMapping("/public/**").allowedOrigins("*");
        // ok: java.spring-cors-wildcard-credentials
        registry.addMapping("/partner/**").allowedOrigins("https://partner.example.com").allowCredentials(true);
    }

    @Bean
    CorsConfigurationSource corsConfigurationSource() {
        CorsConfiguration cfg = new CorsConfiguration();
        // ok: java.spring-cors-wildcard-credentials
        cfg.addAllowedOrigin("https://app.example.com");
        cfg.setAllowCredentials(true);
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        source.registerCorsConfiguration("/**", cfg);
        return source;
    }
}
