package io.mediaflow.console;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.MediaflowTest;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.Stream;
import io.mediaflow.transcoding.internal.JobProgress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The console as an editor uses it, in headless Chromium: start transcode-with-approval from its
 * start form, review the renditions in the task's form, approve or reject, and retry a broken
 * instance from its incident. Every wait is on what the page shows. Screenshots go to
 * target/console-screenshots/.
 */
class ConsoleTest extends MediaflowTest {

  @Autowired LiveClient live;

  /** Debian's packages chromium and chromium-driver; set so that Selenium downloads nothing. */
  private static final String CHROMIUM =
      System.getenv().getOrDefault("MEDIAFLOW_CHROMIUM", "/usr/bin/chromium");

  private static final String CHROMEDRIVER =
      System.getenv().getOrDefault("MEDIAFLOW_CHROMEDRIVER", "/usr/bin/chromedriver");
  private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

  /** The rows of the renditions table of the form Review renditions. */
  private static final By RENDITION_ROWS =
      By.xpath(
          "//div[contains(@class, 'fjs-form-field-table')]"
              + "[.//label[normalize-space(.) = 'Renditions']]//tbody/tr");

  /**
   * How soon a wait for the page looks again. Selenium's default is half a second, and most waits
   * here are for what the console draws within milliseconds of a click or a fetch: each slept up to
   * half a second after its condition held. The waits still end only when their condition holds.
   */
  private static final Duration LOOK_AGAIN = Duration.ofMillis(100);

  private static final Pattern INSTANCE_PAGE = Pattern.compile("/instances/(\\d+)");

  private static Path profile;
  private static WebDriver browser;
  private static WebDriverWait wait;

  @BeforeAll
  static void openBrowser() throws IOException {
    profile = Files.createTempDirectory("console-test-chromium");
    Files.createDirectories(SCREENSHOTS);
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM);
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--user-data-dir=" + profile,
        "--window-size=1400,1100");
    ChromeDriverService driver =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(Path.of(CHROMEDRIVER).toFile())
            .build();
    browser = new ChromeDriver(driver, options);
    wait = patientWait();
  }

  /**
   * The console's pages draw their parts anew every 2 s, so an element found just before a redraw
   * is gone when it is read or clicked: the condition is then simply looked at again.
   */
  private static WebDriverWait patientWait() {
    return (WebDriverWait)
        new WebDriverWait(browser, PATIENCE, LOOK_AGAIN)
            .ignoring(StaleElementReferenceException.class);
  }

  /**
   * On this machine without credentials the console asks once who works the tasks; the name it
   * keeps, if none.
   */
  @BeforeEach
  void signedIn() {
    browser.get(baseUrl() + "/processes");
    ((JavascriptExecutor) browser)
        .executeScript(
            "if (!localStorage.getItem('mediaflow.user')) localStorage.setItem('mediaflow.user', 'editor')");
  }

  @AfterAll
  static void closeBrowser() throws IOException {
    if (browser != null) {
      browser.quit();
    }
    try (var files = Files.walk(profile)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  @Test
  void startFromTheStartFormReviewAndApprove() {
    long key = startTranscodingFromTheStartForm(true);

    // An editor finds the task in the task list, filtered to reviews.
    browser.get(baseUrl() + "/tasks?q=review");
    By row = By.xpath("//table[@id='tasks']//tr[.//a[@href='/instances/" + key + "']]");
    wait.until(ExpectedConditions.visibilityOfElementLocated(row));
    assertThat(browser.findElement(row).getText())
        .contains("Review renditions", "Transcode with approval", "editors");
    screenshot("2-tasks");
    browser.findElement(row).findElement(By.linkText("Review renditions")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".fjs-form")));
    assignToMe();
    List<WebElement> rows = wait.until(ExpectedConditions.numberOfElementsToBe(RENDITION_ROWS, 2));
    assertThat(rows.get(0).getText()).contains("720p", "1280x720");
    assertThat(rows.get(1).getText()).contains("360p");
    screenshot("3-review-renditions");

    browser.findElement(By.xpath("//label[contains(., 'Approve these renditions')]")).click();
    // Approving hides the comment and the ladder: they are neither required nor sent.
    wait.until(
        ExpectedConditions.invisibilityOfElementLocated(
            By.xpath("//label[contains(., 'What is wrong')]")));
    browser.findElement(By.id("complete")).click();

    awaitInstancePage(key);
    awaitShownCompleted();
    WebElement diagram = browser.findElement(By.id("diagram"));
    wait.until(
        driver ->
            diagram.getDomAttribute("data-completed") != null
                && diagram.getDomAttribute("data-completed").contains("RenditionsApproved"));
    assertThat(diagram.getDomAttribute("data-completed")).contains("StartJob", "ReviewRenditions");
    assertThat(diagram.findElements(By.cssSelector(".djs-element.mf-completed"))).isNotEmpty();
    assertThat(variableText("approved")).isEqualTo("true");
    // One player per playlist of the renditions (they may share a master playlist), each parsed by
    // hls.js.
    int playlists =
        (int)
            instance(key).variable("renditions").orElseThrow().findValues("url").stream()
                .map(url -> url.asText())
                .distinct()
                .count();
    assertThat(playlists).isPositive();
    wait.until(
        ExpectedConditions.numberOfElementsToBe(
            By.cssSelector("#media .player[data-manifest=parsed]"), playlists));
    screenshot("4-instance-completed");

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("RenditionsApproved", 1);
    assertThat(instance(key).variable("ladder").orElseThrow().size()).isEqualTo(2);
  }

  /**
   * The editor hands over the source as a file: the start form's picker uploads it to the document
   * store ({@code POST /v2/documents}), the instance gets its document reference, and the
   * renditions are of that file (a 640x360 clip: no rendition above 360 lines).
   */
  @Test
  void startFromAnUploadedFile() throws IOException {
    Path clip = Files.createTempFile("console-upload-", ".mp4");
    try (var sample = getClass().getResourceAsStream("/sandbox/samples/bars.mp4")) {
      Files.copy(sample, clip, StandardCopyOption.REPLACE_EXISTING);
    }
    browser.get(baseUrl() + "/processes");
    wait.until(ExpectedConditions.elementToBeClickable(By.linkText("Transcode with approval")))
        .click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("start-form")));
    field("Or upload a file").sendKeys(clip.toString());
    // A picked file stands for the source: the URL field goes, and is neither required nor sent.
    wait.until(ExpectedConditions.invisibilityOfElementLocated(label("Source")));
    screenshot("1-start-form-upload");
    browser.findElement(By.id("start")).click();
    long key = awaitInstancePage(0);
    track(key);

    UserTask review = awaitUserTask(key, "Review renditions");
    var sourceFile = instance(key).variable("sourceFile").orElseThrow();
    assertThat(sourceFile).hasSize(1);
    assertThat(sourceFile.get(0).path("camunda.document.type").asText()).isEqualTo("camunda");
    assertThat(sourceFile.get(0).path("metadata").path("fileName").asText())
        .isEqualTo(clip.getFileName().toString());
    assertThat(instance(key).variable("source").orElseThrow().asText()).startsWith("tus:");
    var renditions = describeTask(review).path("variables").path("renditions");
    assertThat(renditions).isNotEmpty();
    renditions.forEach(
        rendition -> {
          String resolution = rendition.path("resolution").asText();
          assertThat(Integer.parseInt(resolution.substring(resolution.indexOf('x') + 1)))
              .as("rendition %s of a 360p upload", resolution)
              .isLessThanOrEqualTo(360);
        });
    assertThatProcessInstance(byKey(key))
        .hasCompletedElementsInOrder("CreateTask", "UploadFile", "StartJob")
        .hasCompletedElement("CreateTask", 1)
        .hasCompletedElement("UploadFile", 1)
        .hasCompletedElement("StartJob", 1);
    Files.delete(clip);
  }

  @Test
  void rejectWithACommentAndSeeTheReEncode() {
    long key = startTranscodingFromTheStartForm(false);
    openTask(key, "Review renditions");
    String firstTask = currentPath();
    // The default ladder: four renditions.
    wait.until(ExpectedConditions.numberOfElementsToBe(RENDITION_ROWS, 4));

    // Not approved and no comment: the form refuses and says why, and the task stays open.
    browser.findElement(By.id("complete")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".problem")));
    assertThat(browser.findElement(By.cssSelector(".fjs-form-field-error")).getText())
        .containsIgnoringCase("required");
    assertThat(currentPath()).isEqualTo(firstTask);
    screenshot("5-reject-needs-a-comment");

    field("What is wrong with them?").sendKeys("The 1080p rendition is too soft");
    browser.findElement(By.id("complete")).click();

    awaitInstancePage(key);
    // The re-encode: a new job, then a new review task.
    wait.until(
        driver ->
            browser
                .findElements(By.xpath("//*[@id='instance-tasks']//a[.='Review renditions']"))
                .stream()
                .anyMatch(link -> !link.getDomAttribute("href").equals(firstTask)));
    assertThat(variableText("comment")).contains("too soft");
    screenshot("6-re-encode-review-again");
    assertThatProcessInstance(byKey(key)).hasCompletedElement("StartJob", 2);
  }

  /**
   * As in Tasklist: the console asks who she is once, the review waits under "Unassigned", she
   * assigns it to herself (only then can she complete it), it shows as hers under "My tasks" and is
   * gone from "Unassigned"; unassigned, it is back there; assigned again, she completes it.
   */
  @Test
  void anEditorAssignsAReviewToHerselfAndCompletesIt() {
    long key = startTranscodingFromTheStartForm(true);
    ((JavascriptExecutor) browser).executeScript("localStorage.removeItem('mediaflow.user')");
    browser.get(baseUrl() + "/tasks?view=unassigned");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("who")));
    screenshot("19-who-are-you");
    browser.findElement(By.id("user-name")).sendKeys("ann");
    browser.findElement(By.cssSelector("#who button")).click();
    wait.until(ExpectedConditions.textToBe(By.id("user-name-shown"), "ann"));

    By row = By.xpath("//table[@id='tasks']//tr[.//a[@href='/instances/" + key + "']]");
    wait.until(ExpectedConditions.visibilityOfElementLocated(row));
    assertThat(browser.findElement(row).getText()).contains("Review renditions", "editors", "—");
    screenshot("20-unassigned");
    browser.findElement(row).findElement(By.linkText("Review renditions")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".fjs-form")));
    assertThat(browser.findElement(By.id("assignee")).getText()).isEqualTo("Unassigned");
    assertThat(browser.findElement(By.id("complete")).isEnabled()).as("not hers yet").isFalse();
    assertThat(browser.findElement(By.id("assign-first")).getText())
        .contains("Assign the task to yourself");
    screenshot("21-task-unassigned");
    String task = currentPath();
    assignToMe();
    screenshot("22-assigned-to-me");

    browser.get(baseUrl() + "/tasks?view=mine");
    wait.until(ExpectedConditions.visibilityOfElementLocated(row));
    assertThat(browser.findElement(row).findElement(By.cssSelector(".assignee")).getText())
        .isEqualTo("ann (you)");
    screenshot("23-my-tasks");
    browser.get(baseUrl() + "/tasks?view=unassigned");
    wait.until(
        driver ->
            "unassigned".equals(browser.findElement(By.id("tasks")).getDomAttribute("data-view")));
    wait.until(ExpectedConditions.invisibilityOfElementLocated(row));

    browser.get(baseUrl() + task);
    wait.until(ExpectedConditions.elementToBeClickable(By.id("unassign"))).click();
    wait.until(ExpectedConditions.textToBe(By.id("assignee"), "Unassigned"));
    browser.get(baseUrl() + "/tasks?view=unassigned");
    wait.until(ExpectedConditions.visibilityOfElementLocated(row));

    browser.get(baseUrl() + task);
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".fjs-form")));
    assignToMe();
    browser.findElement(By.xpath("//label[contains(., 'Approve these renditions')]")).click();
    browser.findElement(By.id("complete")).click();
    awaitInstancePage(key);
    awaitShownCompleted();
    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("RenditionsApproved", 1);
  }

  /**
   * A Camunda user task deployed over gRPC whose assigning listener assigns it to the instance's
   * reviewer, over the model's assignee: it is the reviewer's in the console, who completes it
   * there, after its completing listener.
   */
  @Test
  void aTaskItsListenerAssignedIsCompletedInTheConsole() {
    String user =
        (String)
            ((JavascriptExecutor) browser)
                .executeScript("return localStorage.getItem('mediaflow.user')");
    String unique = UUID.randomUUID().toString().substring(0, 8);
    String processId = "console-listened-" + unique;
    String listener = "console-listener-" + unique;
    var model =
        Bpmn.createExecutableProcess(processId)
            .name("Listened review")
            .startEvent("Start")
            .userTask(
                "Review",
                task ->
                    task.name("Review the cut")
                        .zeebeUserTask()
                        .zeebeAssigneeExpression("requestedBy")
                        .zeebeTaskListener(listening -> listening.assigning().type(listener))
                        .zeebeTaskListener(listening -> listening.completing().type(listener)))
            .endEvent("End")
            .done();
    var heard = new java.util.concurrent.CopyOnWriteArrayList<String>();
    try (var grpc = userClient(false);
        var worker =
            grpc.newWorker()
                .jobType(listener)
                .handler(
                    (jobs, job) -> {
                      heard.add(job.getListenerEventType().name());
                      var completion = jobs.newCompleteCommand(job);
                      if (job.getListenerEventType()
                          == io.camunda.client.api.search.enums.ListenerEventType.ASSIGNING) {
                        completion.withResult(
                            r ->
                                r.forUserTask()
                                    .correctAssignee(
                                        (String) job.getVariablesAsMap().get("reviewer")));
                      }
                      completion.send().join();
                    })
                .pollInterval(Duration.ofMillis(100))
                .open()) {
      grpc.newDeployResourceCommand().addProcessModel(model, processId + ".bpmn").send().join();
      long key = start(processId, Map.of("requestedBy", "ann", "reviewer", user));

      browser.get(baseUrl() + "/tasks?view=mine");
      By row = By.xpath("//table[@id='tasks']//tr[.//a[@href='/instances/" + key + "']]");
      wait.until(ExpectedConditions.visibilityOfElementLocated(row));
      assertThat(browser.findElement(row).findElement(By.cssSelector(".assignee")).getText())
          .as("assigned as the listener said, not as the model did")
          .isEqualTo(user + " (you)");
      browser.findElement(row).findElement(By.linkText("Review the cut")).click();
      wait.until(ExpectedConditions.textToBe(By.id("assignee"), "Assigned to you"));
      wait.until(ExpectedConditions.elementToBeClickable(By.id("complete"))).click();
      awaitInstancePage(key);
      awaitShownCompleted();
      assertThat(heard).containsExactly("ASSIGNING", "COMPLETING");
      assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElements("Review", "End");
    }
  }

  /**
   * A job-based user task, as an earlier version deployed every user task: the REST API's task
   * search leaves it out, as Camunda 8.8's does, while the console lists it under "Unassigned", and
   * she assigns it to herself and completes it there.
   */
  @Test
  void aJobBasedTaskOfAnEarlierVersionIsListedAndCompletedInTheConsole() {
    String processId = "console-job-based-" + UUID.randomUUID().toString().substring(0, 8);
    var model =
        Bpmn.createExecutableProcess(processId)
            .name("Earlier review")
            .startEvent("Start")
            .userTask(
                "Review",
                task -> task.name("Review the earlier cut").zeebeCandidateGroups("editors"))
            .endEvent("End")
            .done();
    try (var grpc = userClient(false)) {
      grpc.newDeployResourceCommand().addProcessModel(model, processId + ".bpmn").send().join();
    }
    long key = start(processId, Map.of());

    browser.get(baseUrl() + "/tasks?view=unassigned");
    By row = By.xpath("//table[@id='tasks']//tr[.//a[@href='/instances/" + key + "']]");
    wait.until(ExpectedConditions.visibilityOfElementLocated(row));
    assertThat(browser.findElement(row).getText()).contains("Review the earlier cut", "editors");
    assertThat(openUserTasks(Map.of("processInstanceKey", Long.toString(key))))
        .as("the REST API's task search")
        .isEmpty();
    browser.findElement(row).findElement(By.linkText("Review the earlier cut")).click();
    wait.until(ExpectedConditions.elementToBeClickable(By.id("assign"))).click();
    wait.until(ExpectedConditions.textToBe(By.id("assignee"), "Assigned to you"));
    wait.until(ExpectedConditions.elementToBeClickable(By.id("complete"))).click();
    awaitInstancePage(key);
    awaitShownCompleted();
    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElements("Review", "End");
  }

  @Test
  void breakAnInstanceAndRetryItFromTheIncident() {
    // The service fails every start of a job until the fault is cleared: the job's retries run out.
    control(
        Map.of("failNext", Map.of("endpoint", "start_encode2", "httpStatus", 503, "always", true)));
    try {
      // Without fitting, the encode's start is the first start of a job: its incident is at
      // StartJob.
      long key =
          startWithJson(
              "transcode-with-approval",
              "{\"source\": \"" + sample() + "\", \"fitLadder\": false}");

      wait.until(
          ExpectedConditions.presenceOfElementLocated(
              By.cssSelector("#instance-state [data-state=incident]")));
      WebElement incident =
          wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".incident")));
      assertThat(incident.getText()).contains("StartJob");
      assertThat(browser.findElement(By.id("diagram")).getDomAttribute("data-incident"))
          .contains("StartJob");
      screenshot("7-incident");
      browser.get(baseUrl() + "/instances?state=incident");
      wait.until(
          ExpectedConditions.visibilityOfElementLocated(
              By.xpath("//table[@id='instances']//tr[@data-key='" + key + "']")));
      screenshot("8-instances-with-incident");
      browser.get(baseUrl() + "/instances/" + key);
      awaitInstancePage(key);
      incident =
          wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".incident")));

      // The operator notes on the instance why it stopped: a variable of the running instance, set
      // from its page.
      browser.findElement(By.id("variable-name")).sendKeys("operatorNote");
      browser.findElement(By.id("variable-value")).sendKeys("\"the service was down; retried\"");
      browser.findElement(By.id("set-variable")).click();
      wait.until(
          ExpectedConditions.textToBe(
              By.cssSelector("#variables tr[data-name='operatorNote'][data-scope='instance'] pre"),
              "\"the service was down; retried\""));
      ((JavascriptExecutor) browser)
          .executeScript(
              "arguments[0].scrollIntoView({block: 'center'})",
              browser.findElement(By.cssSelector("#variables tr[data-name='operatorNote']")));
      screenshot("24-variable-set");
      assertThat(instance(key).variable("operatorNote").orElseThrow().asText())
          .isEqualTo("the service was down; retried");

      resetControl();
      incident = browser.findElement(By.cssSelector(".incident"));
      incident.findElement(By.cssSelector("button.retry")).click();
      wait.until(
          ExpectedConditions.presenceOfElementLocated(
              By.cssSelector("#instance-state [data-state=active]")));
      wait.until(
          ExpectedConditions.presenceOfElementLocated(
              By.xpath("//*[@id='instance-tasks']//a[.='Review renditions']")));
      assertThat(browser.findElement(By.id("incidents")).getText()).contains("No incident");
      screenshot("9-retried");
      assertThatProcessInstance(byKey(key)).hasCompletedElement("StartJob", 1);
    } finally {
      resetControl();
    }
  }

  @Test
  void goLiveShowsTheStreamKeyInTheEncoderTaskAndMasksSecretsElsewhere() {
    String accessKey = "AKIAIOSFODNN7EXAMPLE";
    String secretKey = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    // The sandbox's stream waits 3000 s (30 s at the tests' time scale) for the encoder, so the
    // browser has time.
    long key =
        startWithJson(
            "go-live",
            "{\"streamName\": \"console news\", \"streamTimeout\": 3000, "
                + "\"dvr\": {\"enabled\": 1, "
                + "\"format\": [\"mp4\"], \"destination\": {\"url\": \"s3://recordings/console\", "
                + "\"access_key\": \""
                + accessKey
                + "\", \"secret_key\": \""
                + secretKey
                + "\"}}}");

    openTask(key, "Start your encoder");
    String streamKey = field("Stream key").getDomProperty("value");
    assertThat(streamKey).isNotBlank().isNotEqualTo("***");
    screenshot("10-start-your-encoder");
    browser.findElement(By.id("complete")).click();

    awaitInstancePage(key);
    String streamId = instance(key).variable("streamId").orElseThrow().asText();
    assertThat(
            post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", "start"))
                .statusCode())
        .isLessThan(300);
    assertThat(variableText("dvr")).contains("\"access_key\": \"***\"", "\"secret_key\": \"***\"");
    assertThat(browser.getPageSource()).doesNotContain(accessKey, secretKey, streamKey);
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.xpath("//*[@id='instance-tasks']//a[.='End the broadcast']")));
    WebElement player =
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#media .player")));
    assertThat(player.getDomAttribute("data-url")).contains(".m3u8");
    assertThat(browser.getPageSource()).doesNotContain(accessKey, secretKey, streamKey);
    screenshot("11-on-air");

    openTask(key, "End the broadcast");
    browser.findElement(By.id("complete")).click();
    awaitInstancePage(key);
    awaitShownCompleted();
    assertThat(variableText("outcome")).contains("broadcast-ended");
  }

  /**
   * On a live show, Cancel instance first says that the stream will be stopped; End the show now
   * publishes go-live's message instead, and the show ends through its normal end.
   */
  @Test
  void aLiveShowIsEndedNowFromItsInstancePageAndItsCancelSaysTheStreamStops() {
    long key =
        startWithJson("go-live", "{\"streamName\": \"console end now\", \"streamTimeout\": 3000}");
    // Offered once the stream exists; a message published before the show's first wait is kept
    // (with its time to live) until Start your encoder opens.
    wait.until(ExpectedConditions.elementToBeClickable(By.id("end-the-show")));
    screenshot("25-live-show-actions");

    browser.findElement(By.id("cancel")).click();
    var question = wait.until(ExpectedConditions.alertIsPresent());
    assertThat(question.getText())
        .contains("live stream will be stopped")
        .contains("End the show now");
    question.dismiss();

    browser.findElement(By.id("end-the-show")).click();
    wait.until(ExpectedConditions.alertIsPresent()).accept();
    awaitShownCompleted();
    assertThatProcessInstance(byKey(key))
        .hasCompletedElement("EndNowRequested", 1)
        .hasCompletedElement("StopStream", 1);
    // Ended before it went live: stopped through the same end, and the outcome says it never aired.
    assertThat(variableText("outcome")).contains("never-went-live");
  }

  /**
   * A viewer's player, hls.js in a real browser, plays an authenticated live stream by its signed
   * URL.
   */
  @Test
  void authenticatedLivePlaybackPlaysInTheBrowserByItsSignedUrl() {
    long key =
        startWithJson(
            "go-live",
            "{\"streamName\": \"console signed show\", \"streamTimeout\": 3000, "
                + "\"playbackPolicy\": \"authenticated\"}");
    openTask(key, "Start your encoder");
    browser.findElement(By.id("complete")).click();
    awaitInstancePage(key);
    String streamId = await("the stream", () -> instance(key).variable("streamId")).asText();
    assertThat(
            post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", "start"))
                .statusCode())
        .isLessThan(300);

    WebElement player =
        wait.until(
            ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#media .player[data-fragment=loaded]")));
    assertThat(player.getDomAttribute("data-url")).contains("/playlist.m3u8?auth=");
    screenshot("18-signed-live-playback");

    openTask(key, "End the broadcast");
    browser.findElement(By.id("complete")).click();
    awaitInstancePage(key);
    awaitShownCompleted();
  }

  @Test
  void aStartFormShowsAndRequiresFieldsAsItsConditionsSay() {
    browser.get(baseUrl() + "/processes/custom-domain-tls");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("start-form")));
    field("Domain (FQDN)")
        .sendKeys("c" + UUID.randomUUID().toString().substring(0, 8) + ".example.com");
    // The bucket is asked for only when the domain serves video on demand.
    assertThat(browser.findElements(label("Bucket"))).isEmpty();
    browser.findElement(By.xpath("//label[contains(., 'Video on demand')]")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(label("Bucket")));

    browser.findElement(By.id("start")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".problem")));
    assertThat(browser.findElement(By.cssSelector(".fjs-has-errors")).getText()).contains("Bucket");
    assertThat(currentPath()).isEqualTo("/processes/custom-domain-tls");
    screenshot("12-start-form-refuses");

    field("Bucket").sendKeys(bucketName());
    browser.findElement(By.id("start")).click();
    long key = awaitInstancePage(0);
    track(key);
    openTask(key, "Create the DNS record");
    screenshot("13-create-dns-record");
  }

  @Test
  void goLiveStartsFromItsStartFormWithASimulcastTargetAndAnOptionalFieldLeftEmpty() {
    SECRETS.put("CONSOLE_SIMULCAST_KEY", "console-simulcast-key");
    browser.get(baseUrl() + "/processes/go-live");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("start-form")));
    field("Stream name").sendKeys("console form show");
    browser.findElement(By.xpath("//label[contains(., 'Viewers need a signed token')]")).click();
    browser.findElement(By.cssSelector(".fjs-repeat-render-add")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(label("RTMP ingest URL")));
    field("RTMP ingest URL").sendKeys("rtmp://127.0.0.1:1935/live");
    field("Stream key").sendKeys("{{secrets.CONSOLE_SIMULCAST_KEY}}");
    // 3000 s (30 s at the tests' time scale) without input before the sandbox stops the stream, as
    // above. Typed last: typed before the list, the URL typed within form-js's 300 ms change
    // debounce after it was lost in a run (its number field sends its value again on that timer
    // once it re-renders), a pace no person types at.
    field("Stop the stream after").sendKeys("3000");
    screenshot("14-start-go-live");
    browser.findElement(By.id("start")).click();
    long key = awaitInstancePage(0);
    track(key);

    // Reaching the encoder task means the empty wait for the encoder was left out, not sent as "".
    openTask(key, "Start your encoder");
    assertThat(instance(key).incidentsRaised()).isEmpty();
    var targets = instance(key).variable("simulcastTargets").orElseThrow();
    assertThat(targets.size()).isEqualTo(1);
    assertThat(targets.path(0).path("url").asText()).isEqualTo("rtmp://127.0.0.1:1935/live");
    assertThat(targets.path(0).path("streamKey").asText())
        .isEqualTo("{{secrets.CONSOLE_SIMULCAST_KEY}}");
    Stream stream =
        live.getStream(new GetStream(instance(key).variable("streamId").orElseThrow().asText()));
    assertThat(stream.simulcastTargets())
        .singleElement()
        .satisfies(target -> assertThat(target.streamKey()).isEqualTo("console-simulcast-key"));
    assertThat(stream.playbackIds())
        .isNotEmpty()
        .allSatisfy(id -> assertThat(id.policy()).isEqualTo("authenticated"));
  }

  @Test
  void protectedPublishingSignsTheObjectsListedInItsStartForm() {
    String bucket = bucketName();
    String path = "videos/clip/master.m3u8";
    upload(bucket, path, "#EXTM3U console");

    browser.get(baseUrl() + "/processes/protected-publishing");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("start-form")));
    field("Bucket").sendKeys(bucket);
    browser.findElement(By.cssSelector(".fjs-repeat-render-add")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(label("Object path")));
    field("Object path").sendKeys(path);
    screenshot("15-start-protected-publishing");
    browser.findElement(By.id("start")).click();
    long key = awaitInstancePage(0);
    track(key);

    assertThatProcessInstance(byKey(key)).isCompleted();

    assertThat(instance(key).incidentsRaised()).isEmpty();
    var signedUrls = instance(key).variable("signedUrls").orElseThrow();
    assertThat(signedUrls.size()).isEqualTo(1);
    assertThat(signedUrls.path(0).path("path").asText()).isEqualTo(path);
    var signed =
        send(HttpRequest.newBuilder(URI.create(signedUrls.path(0).path("url").asText())).build());
    assertThat(signed.statusCode()).as(signed.body()).isEqualTo(200);
    assertThat(signed.body()).isEqualTo("#EXTM3U console");
  }

  /**
   * The Service page shows per API what the workers' meters counted: after a protected publishing,
   * at least the delivery calls {@code /actuator/metrics} had counted by then, and a rate once it
   * has read them twice.
   */
  @Test
  void theServicePageShowsTheWorkersCallsPerApiFromTheirMeters() throws IOException {
    String bucket = bucketName();
    upload(bucket, "clip/master.m3u8", "#EXTM3U service");
    long key =
        startWithJson(
            "protected-publishing",
            "{\"bucketName\":\""
                + bucket
                + "\",\"paths\":[\"clip/master.m3u8\"],\"tokenLifetime\":\"PT1H\"}");
    assertThatProcessInstance(byKey(key)).isCompleted();
    var metrics =
        send(
            HttpRequest.newBuilder(
                    URI.create(
                        baseUrl() + "/actuator/metrics/mediaflow.api.calls?tag=api:delivery"))
                .build());
    assertThat(metrics.statusCode()).as(metrics.body()).isEqualTo(200);
    long counted =
        (long)
            new ObjectMapper()
                .readTree(metrics.body())
                .path("measurements")
                .path(0)
                .path("value")
                .asDouble();
    assertThat(counted).as("delivery calls counted").isPositive();

    browser.get(baseUrl() + "/service");
    By deliveryCalls = By.cssSelector("#service tr[data-api='delivery'] td.calls");
    wait.until(
        driver ->
            Long.parseLong(driver.findElement(deliveryCalls).getText()) >= counted
                && driver
                    .findElement(
                        By.cssSelector("#service tr[data-api='delivery'] td.calls-per-minute"))
                    .getText()
                    .matches("\\d+"));
    // The rows are drawn anew as the figures change: read them in one go.
    List<String> apis =
        wait.until(
            driver ->
                driver.findElements(By.cssSelector("#service tbody tr")).stream()
                    .map(row -> row.getDomAttribute("data-api"))
                    .toList());
    assertThat(apis).containsExactly("transcoding", "live", "delivery");
    screenshot("20-service");
  }

  /**
   * live-to-vod from its start form to the published VOD, every task worked in the console: the
   * producer's in the go-live it calls (with the sandbox's simulated encoder), the editor's in the
   * transcode-with-approval it calls.
   */
  @Test
  void liveToVodRunsFromItsStartFormToThePublishedVod() {
    SECRETS.put("CONSOLE_DVR_SECRET_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
    browser.get(baseUrl() + "/processes/live-to-vod");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("start-form")));
    field("Stream name").sendKeys("console live to vod");
    field("Folder").sendKeys("s3://live-recordings/console-" + UUID.randomUUID());
    field("Access key").sendKeys("AKIAIOSFODNN7EXAMPLE");
    field("Secret key").sendKeys("{{secrets.CONSOLE_DVR_SECRET_KEY}}");
    field("Publish to bucket").sendKeys(bucketName());
    // 3000 s (30 s at the tests' time scale) without input before the sandbox stops the stream, as
    // above.
    field("Stop the stream after").sendKeys("3000");
    screenshot("16-start-live-to-vod");
    browser.findElement(By.id("start")).click();
    long key = awaitInstancePage(0);
    track(key);

    // The parent's page lists the open tasks of the instances it called: the producer's, then the
    // editor's.
    long show = calledInstance(key, "go-live");
    openTask(key, "Start your encoder");
    browser.findElement(By.id("complete")).click();
    String streamId = await("the stream", () -> instance(show).variable("streamId")).asText();
    assertThat(
            post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", "start"))
                .statusCode())
        .isLessThan(300);
    openTask(show, "End the broadcast");
    browser.findElement(By.id("complete")).click();
    awaitInstancePage(show);
    wait.until(
        driver -> {
          driver.findElement(By.linkText(Long.toString(key))).click();
          return true;
        });
    openTask(key, "Review renditions");
    browser.findElement(By.xpath("//label[contains(., 'Approve these renditions')]")).click();
    browser.findElement(By.id("complete")).click();

    browser.get(baseUrl() + "/instances/" + key);
    awaitInstancePage(key);
    awaitShownCompleted();
    assertThat(variableText("outcome")).contains("published");
    assertThat(variableText("signedUrls")).contains("?auth=");
    screenshot("17-live-to-vod-published");
    assertThat(instance(key).incidentsRaised()).isEmpty();

    // The published VOD plays in the page's player by its signed master URL, hls.js carrying the
    // token on the variant playlist and segment requests too; paused past 0:01 for the screenshot.
    WebElement player =
        wait.until(
            ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#media .player[data-url*='.m3u8?auth='][data-fragment=loaded]")));
    WebElement video = player.findElement(By.tagName("video"));
    // Muted, as the browser lets a page start playback without a click only then.
    ((JavascriptExecutor) browser)
        .executeScript("arguments[0].muted = true; arguments[0].play()", video);
    wait.until(
        driver ->
            ((Number)
                        ((JavascriptExecutor) driver)
                            .executeScript("return arguments[0].currentTime", video))
                    .doubleValue()
                > 1.5);
    ((JavascriptExecutor) browser)
        .executeScript(
            "arguments[0].pause(); arguments[0].scrollIntoView({block: 'center'})", video);
    screenshot("25-published-vod-playing");
  }

  /**
   * An element instance that holds a job's progress, as wait_for_job keeps it there while it polls
   * ({@code WaitForJobProgressTest}), carries a bar with the job's stage and encoding percent, and
   * loses it once the element has ended. The progress is set here rather than left to a real
   * encode, whose encoding stage may begin and end between two of the page's loads.
   */
  @Test
  void aRunningJobsProgressShowsAsABarUnderTheElementThatWaitsForIt() {
    String process = "console-test-progress-" + UUID.randomUUID();
    String jobType = process + "-wait";
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(process)
                .startEvent()
                .serviceTask("WaitForJob", task -> task.zeebeJobType(jobType))
                .endEvent()
                .done(),
            process + ".bpmn")
        .send()
        .join();
    long key = start(process, Map.of());
    ActivatedJob waiting =
        await(
            "the waiting job",
            () ->
                camunda
                    .newActivateJobsCommand()
                    .jobType(jobType)
                    .maxJobsToActivate(1)
                    .timeout(Duration.ofMinutes(10))
                    .send()
                    .join()
                    .getJobs()
                    .stream()
                    .findFirst());
    camunda
        .newSetVariablesCommand(waiting.getElementInstanceKey())
        .variables(
            Map.of(
                JobProgress.VARIABLE,
                Map.of("status", "encoding", "percent", 42, "updatedAt", "2026-11-26T04:00:00Z")))
        .local(true)
        .send()
        .join();

    browser.get(baseUrl() + "/instances/" + key);
    awaitInstancePage(key);
    // The page loads again every 2 s and draws the bar anew: read it in one go.
    String label =
        wait.until(
            driver ->
                driver
                    .findElements(By.cssSelector(".djs-overlay .mf-progress[data-status=encoding]"))
                    .stream()
                    .filter(bar -> "42".equals(bar.getDomAttribute("data-percent")))
                    .map(WebElement::getText)
                    .findFirst()
                    .orElse(null));
    assertThat(label).isEqualTo("encoding 42%");
    screenshot("19-job-progress");

    camunda.newCompleteCommand(waiting).send().join();
    assertThatProcessInstance(byKey(key)).isCompleted();
    assertThat(instance(key).incidentsRaised()).isEmpty();
    awaitShownCompleted();
    assertThat(browser.findElements(By.cssSelector(".mf-progress")))
        .as("no bar once nothing waits")
        .isEmpty();
  }

  /** Starts a process from its page with variables typed as JSON. */
  private long startWithJson(String processId, String variables) {
    browser.get(baseUrl() + "/processes/" + processId);
    wait.until(ExpectedConditions.elementToBeClickable(By.id("use-json"))).click();
    WebElement json = browser.findElement(By.cssSelector("textarea.json"));
    json.clear();
    json.sendKeys(variables);
    browser.findElement(By.id("start")).click();
    long key = awaitInstancePage(0);
    track(key);
    return key;
  }

  /**
   * Starts transcode-with-approval on the sample through its start form; with a ladder of 720p and
   * 360p if asked.
   */
  private long startTranscodingFromTheStartForm(boolean ownLadder) {
    browser.get(baseUrl() + "/processes");
    wait.until(ExpectedConditions.elementToBeClickable(By.linkText("Transcode with approval")))
        .click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("start-form")));
    field("Source").sendKeys(sample());
    if (ownLadder) {
      browser.findElement(By.xpath("//label[contains(., 'Choose the renditions')]")).click();
      List<WebElement> names =
          wait.until(ExpectedConditions.numberOfElementsToBe(label("Name"), 2));
      fill(names, "720p", "360p");
      fill(browser.findElements(label("Height (px)")), "720", "360");
      fill(browser.findElements(label("Bitrate (kbps)")), "2800", "800");
    }
    screenshot(ownLadder ? "1-start-form" : "1-start-form-default-ladder");
    browser.findElement(By.id("start")).click();
    long key = awaitInstancePage(0);
    track(key);
    return key;
  }

  /** Opens the instance's open task of this name from the instance page, once it is there. */
  private void openTask(long key, String name) {
    awaitInstancePage(key);
    wait.until(
            ExpectedConditions.elementToBeClickable(
                By.xpath("//*[@id='instance-tasks']//a[.='" + name + "']")))
        .click();
    wait.until(ExpectedConditions.textToBe(By.tagName("h1"), name));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".fjs-form")));
    assignToMe();
  }

  /**
   * Assigns the open task page's task to the signed-in user, as the console asks before completing
   * it.
   */
  private void assignToMe() {
    wait.until(ExpectedConditions.elementToBeClickable(By.id("assign"))).click();
    wait.until(ExpectedConditions.textToBe(By.id("assignee"), "Assigned to you"));
    wait.until(ExpectedConditions.elementToBeClickable(By.id("complete")));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".fjs-form")));
  }

  /** Waits for the instance page to show its instance completed. */
  private void awaitShownCompleted() {
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector("#instance-state [data-state=completed]")));
  }

  /** Waits for the page of this instance (any instance if 0) to be loaded, and returns its key. */
  private long awaitInstancePage(long key) {
    // When it never comes, what the page shows instead (a refused form, a problem) is the first
    // thing to know.
    patientWait()
        .withMessage(
            () ->
                "the instance page of "
                    + key
                    + "; at "
                    + currentPath()
                    + " the page shows: "
                    + browser.findElement(By.id("view")).getText())
        .until(
            driver -> {
              Matcher page = INSTANCE_PAGE.matcher(currentPath());
              String loaded = browser.findElement(By.id("view")).getDomAttribute("data-loaded");
              return page.matches()
                  && (key == 0 || page.group(1).equals(Long.toString(key)))
                  && currentPath().equals(loaded);
            });
    Matcher page = INSTANCE_PAGE.matcher(currentPath());
    assertThat(page.matches()).isTrue();
    return Long.parseLong(page.group(1));
  }

  private String variableText(String name) {
    return wait.until(
            ExpectedConditions.presenceOfElementLocated(
                By.cssSelector(
                    "#variables tr[data-name='" + name + "'][data-scope='instance'] pre")))
        .getText();
  }

  private static String currentPath() {
    return URI.create(browser.getCurrentUrl()).getPath();
  }

  /** The input a form-js label is for. */
  private static WebElement field(String labelText) {
    return browser.findElement(By.id(browser.findElement(label(labelText)).getDomAttribute("for")));
  }

  private static By label(String text) {
    return By.xpath("//label[starts-with(normalize-space(.), '" + text + "')]");
  }

  private static void fill(List<WebElement> labels, String... values) {
    assertThat(labels).hasSize(values.length);
    for (int i = 0; i < values.length; i++) {
      WebElement input = browser.findElement(By.id(labels.get(i).getDomAttribute("for")));
      input.clear();
      input.sendKeys(values[i]);
    }
  }

  private static String sample() {
    return baseUrl() + "/sandbox/samples/bars-1080p.mp4";
  }

  private void control(Map<String, Object> controls) {
    assertThat(post("/sandbox/transcoding/control", controls).statusCode()).isEqualTo(200);
  }

  private void resetControl() {
    send(
        HttpRequest.newBuilder(URI.create(baseUrl() + "/sandbox/transcoding/control"))
            .DELETE()
            .build());
  }

  private static void screenshot(String name) {
    try {
      Files.copy(
          ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath(),
          SCREENSHOTS.resolve(name + ".png"),
          StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
