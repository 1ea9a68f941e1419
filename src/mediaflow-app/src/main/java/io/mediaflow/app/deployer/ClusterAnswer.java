package io.mediaflow.app.deployer;

import io.camunda.client.api.command.ClientHttpException;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.grpc.Status;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.CompletionException;

/**
 * What a command's failure says of the cluster: not reachable (yet), so worth asking again, or an
 * answer that asking again will not change. Over gRPC the status code tells; over REST an HTTP
 * status of 5xx or 429, or no HTTP answer at all.
 */
final class ClusterAnswer {

  /** The gRPC codes of a gateway that is down, starting, overloaded or too slow. */
  private static final Set<Status.Code> UNREACHABLE =
      Set.of(
          Status.Code.UNAVAILABLE, Status.Code.DEADLINE_EXCEEDED, Status.Code.RESOURCE_EXHAUSTED);

  private ClusterAnswer() {}

  static boolean isUnreachable(Throwable failure) {
    Throwable cause = unwrap(failure);
    if (cause instanceof ClientStatusException status) {
      return UNREACHABLE.contains(status.getStatusCode());
    }
    if (cause instanceof ClientHttpException http) {
      return http.code() >= 500 || http.code() == 429;
    }
    for (Throwable t = cause; t != null; t = t.getCause()) {
      if (t instanceof IOException) {
        return true;
      }
    }
    return false;
  }

  /** One line: the status and the cluster's own words, or the innermost message. */
  static String reasonOf(Throwable failure) {
    Throwable cause = unwrap(failure);
    if (cause instanceof ProblemException problem && problem.details() != null) {
      return "HTTP " + problem.code() + " " + problem.details().getDetail();
    }
    if (cause instanceof ClientStatusException status) {
      Throwable root = root(status);
      return status.getStatusCode()
          + ": "
          + (status.getStatus().getDescription() != null
              ? status.getStatus().getDescription()
              : root.toString());
    }
    return root(cause).toString();
  }

  private static Throwable unwrap(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause()
        : failure;
  }

  private static Throwable root(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root;
  }
}
