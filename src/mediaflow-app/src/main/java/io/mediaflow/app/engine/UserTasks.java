package io.mediaflow.app.engine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXParseException;

/**
 * The processes ship with Camunda user tasks ({@code zeebe:userTask}), which a Tasklist completes.
 * The embedded engine cannot complete those (its gateway speaks gRPC only), so the embedded default
 * deploys them as job-based user tasks: the same model without the {@code zeebe:userTask} marker,
 * whose jobs (type {@value #JOB_TYPE}) this application's REST API ({@code /v2/user-tasks}) lists
 * and completes.
 */
public final class UserTasks {

  public static final String JOB_TYPE = "io.camunda.zeebe:userTask";
  static final String ZEEBE_NS = "http://camunda.org/schema/zeebe/1.0";

  private UserTasks() {}

  public static byte[] asJobBased(byte[] bpmn) {
    try {
      var factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      // A BPMN model has no document type: refusing one refuses external entities (XXE) outright.
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      var document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(bpmn));
      NodeList markers = document.getElementsByTagNameNS(ZEEBE_NS, "userTask");
      for (int i = markers.getLength() - 1; i >= 0; i--) {
        Element marker = (Element) markers.item(i);
        marker.getParentNode().removeChild(marker);
      }
      var out = new ByteArrayOutputStream();
      var transformer = TransformerFactory.newInstance().newTransformer();
      transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
      transformer.transform(new DOMSource(document), new StreamResult(out));
      return out.toByteArray();
    } catch (SAXParseException e) {
      throw new IllegalArgumentException(
          "Not a readable BPMN model: line "
              + e.getLineNumber()
              + ", column "
              + e.getColumnNumber()
              + ": "
              + e.getMessage(),
          e);
    } catch (Exception e) {
      throw new IllegalArgumentException("Not a readable BPMN model: " + e.getMessage(), e);
    }
  }
}
