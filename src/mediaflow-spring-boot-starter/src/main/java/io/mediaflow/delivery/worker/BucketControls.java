package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.DeleteCors;
import io.mediaflow.delivery.DeleteCorsHeader;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.GetCors;
import io.mediaflow.delivery.PurgeCache;
import io.mediaflow.delivery.SetBucketPolicy;
import io.mediaflow.delivery.SetCors;
import io.mediaflow.worker.internal.OperationHandler;

/**
 * How the bucket controls (document 1, section 4, "Bucket controls") are carried out: each job's
 * variables are read into the operation's request record, which the client sends.
 */
final class BucketControls {

  private BucketControls() {}

  /** The result is the policy set. */
  static OperationHandler<SetBucketPolicy> setPolicy(DeliveryClient client) {
    return OperationHandler.call(
        SetBucketPolicy.class,
        request -> {
          client.setBucketPolicy(request);
          return request.policy().value();
        });
  }

  /** The result is the policy as the API writes it (header names to values). */
  static OperationHandler<SetCors> setCors(DeliveryClient client) {
    return OperationHandler.call(
        SetCors.class,
        request -> {
          client.setCors(request);
          return request.policy();
        });
  }

  static OperationHandler<GetCors> getCors(DeliveryClient client) {
    return OperationHandler.call(GetCors.class, request -> client.getCors(request));
  }

  static OperationHandler<DeleteCors> deleteCors(DeliveryClient client) {
    return OperationHandler.delete(
        DeleteCors.class,
        (request, job) -> DeliveryWorkers.done(() -> client.deleteCors(request)),
        (request, job) ->
            DeliveryWorkers.gone(
                "the CORS policy of bucket " + request.bucketName(),
                client.getCors(new GetCors(request.bucketName())).headers().isEmpty()));
  }

  static OperationHandler<DeleteCorsHeader> deleteCorsHeader(DeliveryClient client) {
    return OperationHandler.delete(
        DeleteCorsHeader.class,
        (request, job) -> DeliveryWorkers.done(() -> client.deleteCorsHeader(request)),
        (request, job) ->
            DeliveryWorkers.gone(
                "CORS header " + request.headerName() + " of bucket " + request.bucketName(),
                client.getCors(new GetCors(request.bucketName())).headers().keySet().stream()
                    .noneMatch(header -> header.equalsIgnoreCase(request.headerName()))));
  }

  /** The whole bucket's cache when no path is given. */
  static OperationHandler<PurgeCache> purgeCache(DeliveryClient client) {
    return OperationHandler.call(
        PurgeCache.class, request -> DeliveryWorkers.done(() -> client.purgeCache(request)));
  }
}
