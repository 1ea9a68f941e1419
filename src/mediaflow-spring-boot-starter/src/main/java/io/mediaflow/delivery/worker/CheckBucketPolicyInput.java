package io.mediaflow.delivery.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.BucketPolicy;
import io.mediaflow.delivery.CorsPolicy;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.GetCors;
import io.mediaflow.delivery.ObjectPath;
import io.mediaflow.delivery.signing.internal.ContentAddresses;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.Poll;
import io.mediaflow.worker.internal.WaitInput;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import okhttp3.HttpUrl;

@Operation(
    type = "mediaflow.delivery.check_bucket_policy",
    name = "Delivery: check the bucket's policies",
    description =
        "Reads back what set_bucket_policy and set_cors set. Document 1 has no read of an access policy, so its documented effect is what is checked: one request without a token at the bucket's default address (of the given object, else of the bucket's root) is refused (authenticated) or opens (public). A CORS policy given is read with GET /v1/buckets/<bucket_name>/cors and must hold every header as set. Nothing is paid for or changed. A policy not in effect yet is checked again after a growing pause until the timeout: WAIT_TIMEOUT, saying what the edge answered. BUCKET_POLICY_NOT_PROVEN at once when the answer cannot tell (e.g. 404 for an object that is not there: give one that is). The result is the policy, the address probed, the status it answered and the CORS policy read.",
    resultVariable = "bucketPolicyCheck",
    errors = {"BUCKET_POLICY_NOT_PROVEN", "WAIT_TIMEOUT", "NOT_FOUND"})
/**
 * What was set, to read back.
 *
 * @param path an object of the bucket to ask for without a token; null asks for the bucket's root
 * @param cors the CORS policy set, header names to values ({@code set_cors}'s result); null or
 *     empty reads none
 */
record CheckBucketPolicyInput(
    @NotBlank(message = "is required") @BucketName @Input(label = "Bucket", value = "=bucketName")
        String bucketName,
    @NotNull(message = "must be public or authenticated")
        @Input(label = "Access policy set", value = "authenticated")
        BucketPolicy policy,
    @ObjectPath
        @Input(
            label = "Object to ask for",
            description =
                "An object of the bucket, asked for without a token; empty for the bucket's root. An object that is there tells public from authenticated for sure")
        String path,
    @Input(
            label = "CORS policy set",
            description =
                "Header names to values, as set_cors gave them, e.g. =cors; empty for none")
        Map<String, Object> cors,
    @Input(
            label = "Timeout",
            description = "ISO-8601: how long a policy not in effect yet is checked again",
            value = "PT10M")
        Duration timeout)
    implements WaitInput {

  /** What the check found. */
  record Proof(String policy, String address, int status, Map<String, String> cors) {}

  static OperationHandler<CheckBucketPolicyInput> handler(
      DeliveryClient client, ContentAddresses addresses, ContentEdge edge) {
    return OperationHandler.poll(
        CheckBucketPolicyInput.class, input -> prove(client, addresses, edge, input));
  }

  static Poll<Proof> prove(
      DeliveryClient client,
      ContentAddresses addresses,
      ContentEdge edge,
      CheckBucketPolicyInput input) {
    String objectPath = input.path() == null ? "" : ContentAddresses.objectPath(input.path());
    HttpUrl address = HttpUrl.get(addresses.ofBucket(input.bucketName(), objectPath));
    ContentEdge.Answer answer = edge.get(address, Map.of(), ContentEdge.OBJECT_BYTES);
    String where = (objectPath.isEmpty() ? "the bucket's root" : objectPath) + " (" + address + ")";
    var pending = new ArrayList<String>();
    boolean authenticated = input.policy() == BucketPolicy.AUTHENTICATED;
    if (!answer.answered() || answer.status() >= 500 || answer.status() == 429) {
      pending.add(where + " without a token: " + answer.got() + "; the CDN is asked again");
    } else if (answer.status() == 401 || answer.status() == 403) {
      if (!authenticated) {
        pending.add(
            where
                + " is still refused without a token ("
                + answer.got()
                + "): the public policy has not reached the edge yet");
      }
    } else if (answer.ok()) {
      if (authenticated) {
        pending.add(
            where
                + " still opens without a token ("
                + answer.got()
                + "): the authenticated policy has not reached the edge yet");
      }
    } else {
      throw new ApiException.Rejected(
          "BUCKET_POLICY_NOT_PROVEN",
          "Bucket "
              + input.bucketName()
              + ": asked for "
              + where
              + " without a token, the CDN answered "
              + answer.got()
              + ", which does not tell whether the policy "
              + input.policy().value()
              + " is in effect; give the path of an object that is in the bucket",
          Map.of("address", address.toString(), "status", answer.status(), "got", answer.got()));
    }
    Map<String, String> cors = Map.of();
    if (input.cors() != null && !input.cors().isEmpty()) {
      cors = client.getCors(new GetCors(input.bucketName())).headers();
      List<String> differences = differences(input.cors(), cors);
      if (!differences.isEmpty()) {
        pending.add(
            "GET /v1/buckets/"
                + input.bucketName()
                + "/cors shows "
                + String.join(", ", differences)
                + "; the CORS policy set is asked for again");
      }
    }
    if (!pending.isEmpty()) {
      return Poll.pending("bucket " + input.bucketName() + ": " + String.join("; ", pending));
    }
    return Poll.done(new Proof(input.policy().value(), address.toString(), answer.status(), cors));
  }

  /** Each header set that the policy read does not hold as set, named with both values. */
  private static List<String> differences(Map<String, Object> set, Map<String, String> read) {
    var byName = new LinkedHashMap<String, String>();
    read.forEach((name, value) -> byName.put(name.toLowerCase(Locale.ROOT), value));
    var differences = new ArrayList<String>();
    set.forEach(
        (name, value) -> {
          if (value == null) {
            return;
          }
          String expected = String.valueOf(value);
          String actual = byName.get(name.toLowerCase(Locale.ROOT));
          if (actual == null || !sameValue(name, expected, actual)) {
            differences.add(
                name
                    + " "
                    + (actual == null ? "missing" : "\"" + actual + "\"")
                    + " where \""
                    + expected
                    + "\" was set");
          }
        });
    return differences;
  }

  /** Methods compare as sets; other values as written, without blanks around them. */
  private static boolean sameValue(String header, String expected, String actual) {
    if (header.equalsIgnoreCase(CorsPolicy.ALLOW_METHODS)) {
      return methods(expected).equals(methods(actual));
    }
    return expected.strip().equalsIgnoreCase(actual.strip());
  }

  private static Set<String> methods(String list) {
    var methods = new TreeSet<String>();
    Arrays.stream(list.split(","))
        .map(method -> method.strip().toUpperCase(Locale.ROOT))
        .filter(method -> !method.isEmpty())
        .forEach(methods::add);
    return methods;
  }
}
