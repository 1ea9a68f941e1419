package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.SandboxEndpoints.Endpoint;
import io.mediaflow.app.MediaflowApplication;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * {@code mediaflow.sandbox.enabled=false} leaves no {@code /sandbox} path answering in the embedded
 * default: every request the sandbox's controllers map (read from them, see {@link
 * SandboxEndpoints}) is answered as a path nobody serves, preflights included, and no sandbox bean
 * exists. The sandbox alone, switched on, shows that each of those requests does reach its
 * controller, so none of them passes by missing the sandbox.
 */
class SandboxOffTest {

  private static final List<Endpoint> ENDPOINTS = SandboxEndpoints.all();
  @TempDir static Path engineData;
  private static ConfigurableApplicationContext app;
  private static ConfigurableApplicationContext sandbox;
  private static int appPort;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() {
    appPort = MediaflowTest.freePort();
    app =
        new SpringApplicationBuilder(MediaflowApplication.class)
            .run(
                "--mediaflow.sandbox.enabled=false",
                // which paths answer does not depend on the processes; deploying them would only
                // slow this down
                "--mediaflow.engine.deploy=false",
                "--mediaflow.engine.data-directory=" + engineData,
                "--server.port=" + appPort,
                "--mediaflow.engine.port=" + MediaflowTest.freePort());
    sandbox = SandboxAlone.start(MediaflowTest.freePort());
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
    if (sandbox != null) {
      sandbox.close();
    }
  }

  @Test
  void everyRequestOfTheSandboxReachesItsControllerWhenItIsOn() throws Exception {
    assertThat(ENDPOINTS)
        .extracting(Endpoint::toString)
        .contains(
            "POST /sandbox/transcoding/v1/create_task",
            "GET /sandbox/stats",
            "PUT /sandbox/storage/{bucket}/{*path}");
    var mapping =
        sandbox.getBean("requestMappingHandlerMapping", RequestMappingHandlerMapping.class);
    for (Endpoint endpoint : ENDPOINTS) {
      var request = new MockHttpServletRequest(endpoint.method(), endpoint.examplePath());
      ServletRequestPathUtils.parseAndCache(request);
      var chain = mapping.getHandler(request);
      assertThat(chain).as(endpoint + " as " + endpoint.examplePath()).isNotNull();
      assertThat(((HandlerMethod) chain.getHandler()).getBeanType())
          .as(endpoint.toString())
          .isEqualTo(endpoint.controller());
    }
  }

  @Test
  void noSandboxPathAnswersWhenItIsOff() {
    for (Endpoint endpoint : ENDPOINTS) {
      String path = endpoint.examplePath();
      String nobodys = path.replaceFirst("^/sandbox/", "/no-such-path/");
      assertThat(send(endpoint.method(), path).statusCode())
          .as(endpoint + " as " + path)
          .isEqualTo(send(endpoint.method(), nobodys).statusCode());
      assertThat(preflight(path).statusCode())
          .as("preflight of " + path)
          .isEqualTo(preflight(nobodys).statusCode());
    }
  }

  @Test
  void noSandboxBeanExistsWhenItIsOff() {
    var sandboxBeans =
        Arrays.stream(app.getBeanDefinitionNames())
            .filter(
                name -> {
                  Class<?> type = app.getType(name);
                  return type != null && type.getName().startsWith("io.mediaflow.sandbox.");
                })
            .toList();
    assertThat(sandboxBeans).isEmpty();
    assertThat(Arrays.stream(sandbox.getBeanDefinitionNames()).map(sandbox::getType))
        .as("the same filter finds the sandbox's beans when it is on")
        .anyMatch(type -> type != null && type.getName().startsWith("io.mediaflow.sandbox."));
  }

  private HttpResponse<Void> send(String method, String path) {
    return send(
        HttpRequest.newBuilder(uri(path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build());
  }

  private HttpResponse<Void> preflight(String path) {
    return send(
        HttpRequest.newBuilder(uri(path))
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .header("Origin", "https://player.example.com")
            .header("Access-Control-Request-Method", "GET")
            .build());
  }

  private URI uri(String path) {
    return URI.create("http://localhost:" + appPort + path);
  }

  private HttpResponse<Void> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.discarding());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
