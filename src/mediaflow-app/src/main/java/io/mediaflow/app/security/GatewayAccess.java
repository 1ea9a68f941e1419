package io.mediaflow.app.security;

import io.camunda.client.CredentialsProvider;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * The configured credentials on the embedded gateway, in the {@code authorization} header a Camunda
 * client sends with {@code camunda.client.auth.method: basic} (or a bearer token). Once they are
 * configured, {@link #server} asks every call for them, {@link #credentials} lets this
 * application's own client present them, and {@link #client} another gRPC client.
 */
public final class GatewayAccess {

  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private GatewayAccess() {}

  public static ServerInterceptor server(AccessProperties access) {
    return new ServerInterceptor() {
      @Override
      public <Q, A> ServerCall.Listener<Q> interceptCall(
          ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
        if (!access.configured() || access.accepts(headers.get(AUTHORIZATION))) {
          return next.startCall(call, headers);
        }
        call.close(
            Status.UNAUTHENTICATED.withDescription(
                "This gateway asks for the credentials configured under"
                    + " mediaflow.app.security (camunda.client.auth.method: basic, or a bearer token)"),
            new Metadata());
        return new ServerCall.Listener<>() {};
      }
    };
  }

  /**
   * This application's own client's credentials, on its gRPC calls and on its calls to the REST API
   * (which asks every caller for them as well, see {@code HttpAccessFilter}).
   */
  public static CredentialsProvider credentials(AccessProperties access) {
    return new CredentialsProvider() {
      @Override
      public void applyCredentials(CredentialsApplier applier) {
        if (access.configured()) {
          applier.put("Authorization", access.authorization());
        }
      }

      @Override
      public boolean shouldRetryRequest(StatusCode status) {
        return false;
      }
    };
  }

  /** A gRPC client's interceptor that presents the credentials. */
  public static ClientInterceptor client(AccessProperties access) {
    return new ClientInterceptor() {
      @Override
      public <Q, A> ClientCall<Q, A> interceptCall(
          MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(
            next.newCall(method, options)) {
          @Override
          public void start(Listener<A> listener, Metadata headers) {
            if (access.configured()) {
              headers.put(AUTHORIZATION, access.authorization());
            }
            super.start(listener, headers);
          }
        };
      }
    };
  }
}
