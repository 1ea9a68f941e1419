package io.mediaflow.transcoding.internal.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A ladder as it was asked for, against what is known of the source: which rendition answers for
 * which rung, what size each rung is to have, and which rungs the service may rightly have left out
 * (document 3: a rung larger than the source is ignored unless told to upscale; when all are, only
 * the first is made, at the source's size).
 *
 * @param rungs each with the API's field names ({@code resolution}, {@code size}, {@code width},
 *     {@code height}, {@code user_tag}); empty when nothing was asked of the sizes
 */
record AskedLadder(List<Map<String, Object>> rungs, RenditionCheck.Source source) {

  /**
   * The rung of each rendition, by index: by {@code user_tag} when every rung has its own, else by
   * position, leaving out first the rungs larger than a source of known size.
   */
  Map<Integer, Integer> match(List<RenditionCheck.Listed> listed, List<Problem> problems) {
    var rungOf = new HashMap<Integer, Integer>();
    if (rungs.isEmpty()) {
      return rungOf;
    }
    List<String> tags = rungs.stream().map(AskedLadder::userTag).toList();
    boolean tagged =
        tags.stream().allMatch(tag -> tag != null && !tag.isBlank())
            && tags.stream().distinct().count() == tags.size();
    if (tagged) {
      for (int i = 0; i < listed.size(); i++) {
        int rung = tags.indexOf(listed.get(i).tag());
        if (rung >= 0 && !rungOf.containsValue(rung)) {
          rungOf.put(i, rung);
        }
      }
      return rungOf;
    }
    List<Integer> candidates = new ArrayList<>();
    for (int r = 0; r < rungs.size(); r++) {
      candidates.add(r);
    }
    if (listed.size() != rungs.size() && source.sized()) {
      candidates = kept();
    }
    if (candidates.size() != listed.size()) {
      problems.add(
          new Problem(
              "ladder",
              null,
              listed.size()
                  + " renditions for "
                  + rungs.size()
                  + " rungs without distinct user tags",
              "one rendition per rung that fits the source",
              "give each rung its own user_tag, so that each rendition is known by its rung"));
      return rungOf;
    }
    for (int i = 0; i < listed.size(); i++) {
      rungOf.put(i, candidates.get(i));
    }
    return rungOf;
  }

  /**
   * The rungs a source of known size keeps (document 3): those not larger than it, or when all are,
   * the first, made at the source's size.
   */
  List<Integer> kept() {
    var kept = new ArrayList<Integer>();
    for (int r = 0; r < rungs.size(); r++) {
      if (!AskedPicture.of(rungs.get(r), source.width(), source.height())
          .largerThan(source.width(), source.height())) {
        kept.add(r);
      }
    }
    return kept.isEmpty() ? List.of(0) : kept;
  }

  boolean allLarger() {
    return source.sized()
        && rungs.stream()
            .allMatch(
                rung ->
                    AskedPicture.of(rung, source.width(), source.height())
                        .largerThan(source.width(), source.height()));
  }

  /**
   * The picture a rung is to have: as asked, or the source's size for the first rung when every
   * rung is larger than the source (document 3: "only the first output is made at input size").
   */
  AskedPicture expected(int rung) {
    if (rung == 0 && allLarger()) {
      return AskedPicture.of(Map.of(), source.width(), source.height());
    }
    return AskedPicture.of(rungs.get(rung), source.width(), source.height());
  }

  /**
   * Whether a rendition smaller than asked may be the one document 3 makes at the source's size
   * when every rung is larger than the source: the source's size unknown, the first rung's, the
   * only rendition, and smaller than asked on the shorter side. A smaller source would give just
   * this; the proof says so.
   */
  boolean atUnknownSourceSize(Integer rung, int renditions, AskedPicture asked, Reading reading) {
    return !source.sized()
        && rung != null
        && rung == 0
        && renditions == 1
        && asked.shortSide() != null
        && Math.min(reading.width(), reading.height()) < asked.shortSide();
  }

  /**
   * The rungs no rendition answers for: left out rightly when larger than the source, a problem
   * otherwise. Without the source's size, a rung larger than every rendition delivered may have
   * been larger than the source; one the first rung of a ladder whose other rungs are all left out
   * is made at the source's size when every rung is larger (document 3), which the check accepts.
   */
  List<RenditionCheck.LeftOut> leftOut(
      List<RenditionCheck.Listed> listed,
      Map<Integer, Integer> rungOf,
      List<Reading> readings,
      List<Problem> problems) {
    var leftOut = new ArrayList<RenditionCheck.LeftOut>();
    if (rungs.isEmpty()) {
      if (listed.isEmpty()) {
        problems.add(
            new Problem(
                "renditions",
                null,
                "no rendition in the job's result",
                "at least one",
                "encode again on a new task"));
      }
      return leftOut;
    }
    int largestDelivered =
        readings.stream()
            .filter(reading -> reading != null && reading.width() != null)
            .mapToInt(reading -> Math.max(reading.width(), reading.height()))
            .max()
            .orElse(0);
    int largestShortSide =
        readings.stream()
            .filter(reading -> reading != null && reading.width() != null)
            .mapToInt(reading -> Math.min(reading.width(), reading.height()))
            .max()
            .orElse(0);
    boolean anyRead = largestDelivered > 0;
    for (int r = 0; r < rungs.size(); r++) {
      if (rungOf.containsValue(r)) {
        continue;
      }
      Map<String, Object> rung = rungs.get(r);
      AskedPicture asked = AskedPicture.of(rung, source.width(), source.height());
      String tag = userTag(rung) != null ? userTag(rung) : "rung " + (r + 1);
      if (source.sized()) {
        boolean firstOfAllLarger = r == 0 && allLarger();
        if (asked.largerThan(source.width(), source.height()) && !firstOfAllLarger) {
          leftOut.add(
              new RenditionCheck.LeftOut(
                  tag,
                  asked.describe(),
                  "larger than the source ("
                      + source.width()
                      + "x"
                      + source.height()
                      + "): document 3's service leaves such a rung out unless told to upscale"));
          continue;
        }
      } else if (anyRead && asked.shortSide() != null && asked.shortSide() > largestShortSide) {
        leftOut.add(
            new RenditionCheck.LeftOut(
                tag,
                asked.describe(),
                "larger than every rendition delivered (the source's size was not read):"
                    + " document 3's service leaves a rung larger than the source out"));
        continue;
      }
      problems.add(
          new Problem(
              tag,
              null,
              "no rendition in the job's result",
              "a rendition of " + asked.describe(),
              "encode again on a new task"));
    }
    return leftOut;
  }

  private static String userTag(Map<String, Object> rung) {
    return rung.get("user_tag") instanceof String tag ? tag : null;
  }

  String tag(RenditionCheck.Listed rendition, Integer rung, int i) {
    if (rendition.tag() != null && !rendition.tag().isBlank()) {
      return rendition.tag();
    }
    if (rung != null && userTag(rungs.get(rung)) != null) {
      return userTag(rungs.get(rung));
    }
    return "rendition " + (i + 1);
  }
}
