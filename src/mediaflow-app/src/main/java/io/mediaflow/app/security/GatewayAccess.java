package io.mediaflow.app.security;

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
 * configured, {@link #server} asks every call for them and {@link #client} lets this application's
 * own client present them.
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
