package io.mediaflow.delivery.signing.internal;

/**
 * An object's address with a signed token.
 *
 * @param path the object's path inside the bucket
 * @param expires when the token stops working, ISO-8601; null for a token that never expires
 * @param uri what the token opens, its {@code uri} claim: the object's own path, the folder of a
 *     playlist's rendition (ending in {@code /}), or empty for the whole bucket
 */
public record SignedUrl(String path, String url, String expires, String uri) {}
