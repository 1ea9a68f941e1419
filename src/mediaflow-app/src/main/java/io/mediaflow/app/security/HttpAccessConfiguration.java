package io.mediaflow.app.security;

import java.net.InetAddress;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The HTTP port: on loopback (the default, {@code server.address: 127.0.0.1}) it answers anyone on
 * this machine; anywhere else it starts only with credentials configured, and configured
 * credentials are always asked for.
 */
@Configuration(proxyBeanMethods = false)
class HttpAccessConfiguration {

  @Bean
  FilterRegistrationBean<HttpAccessFilter> httpAccessFilter(
      AccessProperties access, ServerProperties server) {
    InetAddress address = server.getAddress();
    // No address: Tomcat listens on every interface.
    access.requireForAddress(
        "server.address", address == null ? "0.0.0.0" : address.getHostAddress());
    var registration = new FilterRegistrationBean<>(new HttpAccessFilter(access));
    registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
    registration.setEnabled(access.configured());
    return registration;
  }
}
