package io.mediaflow.api;

/**
 * Where an object of the service's media storage is read over HTTP: the bucket's default address
 * (document 1), for an output that document 3's destinations name {@code s3://<bucket>/<path>}.
 * Declared by the content delivery API's configuration, which holds the address ({@code
 * mediaflow.delivery.storage-url}); read by whatever checks outputs, which knows no other API.
 */
@FunctionalInterface
public interface StorageAddresses {

  /** The object's address, without any token. */
  String ofObject(String bucket, String path);
}
