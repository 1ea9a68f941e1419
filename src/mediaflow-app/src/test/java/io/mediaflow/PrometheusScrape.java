package io.mediaflow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What {@code /actuator/prometheus} answered, parsed as Prometheus reads it (the text format,
 * version 0.0.4): each sample's metric name, labels and value, comments and help left out.
 */
public record PrometheusScrape(List<Sample> samples) {

  /** One sample: a series' name and labels, and its value. */
  public record Sample(String name, Map<String, String> labels, double value) {

    /** The series: its name and labels as Prometheus identifies it. */
    public String series() {
      return name + new TreeMap<>(labels);
    }
  }

  public static PrometheusScrape parse(String text) {
    var samples = new ArrayList<Sample>();
    for (String line : text.split("\n")) {
      if (!line.isBlank() && !line.startsWith("#")) {
        samples.add(sample(line));
      }
    }
    return new PrometheusScrape(samples);
  }

  /** {@code name{label="value",...} value [timestamp]}; a label value escapes \, " and newline. */
  private static Sample sample(String line) {
    int nameEnd = 0;
    while (nameEnd < line.length() && line.charAt(nameEnd) != '{' && line.charAt(nameEnd) != ' ') {
      nameEnd++;
    }
    String name = line.substring(0, nameEnd);
    var labels = new HashMap<String, String>();
    int at = nameEnd;
    if (at < line.length() && line.charAt(at) == '{') {
      at++;
      while (line.charAt(at) != '}') {
        int equals = line.indexOf('=', at);
        String label = line.substring(at, equals).trim();
        var value = new StringBuilder();
        at = equals + 2; // past ="
        for (char c = line.charAt(at); c != '"'; c = line.charAt(++at)) {
          if (c == '\\') {
            char escaped = line.charAt(++at);
            value.append(escaped == 'n' ? '\n' : escaped);
          } else {
            value.append(c);
          }
        }
        labels.put(label, value.toString());
        at++; // past the closing quote
        if (line.charAt(at) == ',') {
          at++;
        }
      }
      at++;
    }
    String value = line.substring(at).trim().split(" ")[0];
    return new Sample(name, labels, number(value));
  }

  private static double number(String value) {
    return switch (value) {
      case "+Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(value);
    };
  }

  /** The sum of the samples of {@code name} whose labels include {@code labels}. */
  public double sum(String name, Map<String, String> labels) {
    return matching(name, labels).mapToDouble(Sample::value).sum();
  }

  /** The values {@code label} takes in the samples of {@code name}. */
  public Set<String> values(String name, String label) {
    return matching(name, Map.of())
        .map(sample -> sample.labels().get(label))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The series whose name begins with {@code prefix}. */
  public Set<String> series(String prefix) {
    return samples.stream()
        .filter(sample -> sample.name().startsWith(prefix))
        .map(Sample::series)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private Stream<Sample> matching(String name, Map<String, String> labels) {
    return samples.stream()
        .filter(
            sample ->
                sample.name().equals(name)
                    && labels.entrySet().stream()
                        .allMatch(
                            label -> label.getValue().equals(sample.labels().get(label.getKey()))));
  }
}
