package io.mediaflow;

/** A rendition ladder by source height: the kind of decision table media teams keep in DMN. */
public final class RenditionLadder {

  private RenditionLadder() {}

  /**
   * The table of decision {@code decisionId}: input {@code height}, output {@code ladder}, {@code
   * "uhd"} from 2160 lines, {@code "hd"} from 720, {@code "sd"} below.
   */
  public static String dmn(String decisionId) {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/"
            id="drg-%1$s" name="Ladders %1$s" namespace="http://mediaflow.io/dmn">
          <decision id="%1$s" name="Rendition ladder">
            <decisionTable id="table-%1$s" hitPolicy="FIRST">
              <input id="height" label="Source height">
                <inputExpression id="heightExpression" typeRef="number"><text>height</text></inputExpression>
              </input>
              <output id="ladder" label="Ladder" name="ladder" typeRef="string"/>
              <rule id="uhd"><inputEntry id="uhdIn"><text>&gt;= 2160</text></inputEntry>
                <outputEntry id="uhdOut"><text>"uhd"</text></outputEntry></rule>
              <rule id="hd"><inputEntry id="hdIn"><text>&gt;= 720</text></inputEntry>
                <outputEntry id="hdOut"><text>"hd"</text></outputEntry></rule>
              <rule id="sd"><inputEntry id="sdIn"><text>-</text></inputEntry>
                <outputEntry id="sdOut"><text>"sd"</text></outputEntry></rule>
            </decisionTable>
          </decision>
        </definitions>
        """
        .formatted(decisionId);
  }
}
