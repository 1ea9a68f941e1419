package io.mediaflow;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What may depend on what in the plugin (docs/architecture.md, "Layering"): the auto-configuration
 * over the three API packages, which never import each other, over the callback receiver, over the
 * worker mechanism, over {@code io.mediaflow.api}, over what is recorded for operators; and no type
 * of an {@code internal} package in a signature applications see. A new dependency against these
 * arrows fails the build.
 */
@AnalyzeClasses(
    packages = "io.mediaflow",
    importOptions = {ImportOption.DoNotIncludeTests.class, LayeringTest.WithoutFixtures.class})
class LayeringTest {

  private static final String[] API_PACKAGES = {
    "io.mediaflow.transcoding..", "io.mediaflow.live..", "io.mediaflow.delivery.."
  };

  @ArchTest
  static final ArchRule layers =
      layeredArchitecture()
          .consideringOnlyDependenciesInLayers()
          .layer("auto-configuration")
          .definedBy("io.mediaflow")
          .layer("API packages")
          .definedBy(API_PACKAGES)
          .layer("callback")
          .definedBy("io.mediaflow.callback..")
          .layer("worker")
          .definedBy("io.mediaflow.worker..")
          .layer("api")
          .definedBy("io.mediaflow.api..")
          .whereLayer("auto-configuration")
          .mayNotBeAccessedByAnyLayer()
          .whereLayer("API packages")
          .mayOnlyBeAccessedByLayers("auto-configuration")
          .whereLayer("callback")
          .mayOnlyBeAccessedByLayers("auto-configuration", "API packages")
          .whereLayer("worker")
          .mayOnlyBeAccessedByLayers("auto-configuration", "API packages", "callback");

  @ArchTest
  static final ArchRule apiPackagesAreIndependent =
      slices()
          .matching("io.mediaflow.(transcoding|live|delivery)..")
          .as("the API packages")
          .should()
          .notDependOnEachOther();

  /**
   * A client and its request records work without any worker (an application calls a client from
   * its own code): of an API package, only its {@code worker} package uses the worker mechanism.
   * The operation declarations that request records carry are in {@code io.mediaflow.api.operation}
   * for this reason.
   */
  @ArchTest
  static final ArchRule clientsKnowNoWorkerMechanism =
      noClasses()
          .that()
          .resideInAnyPackage(API_PACKAGES)
          .and()
          .resideOutsideOfPackages(
              "io.mediaflow.transcoding.worker..",
              "io.mediaflow.live.worker..",
              "io.mediaflow.delivery.worker..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.mediaflow.worker..");

  @ArchTest
  static final ArchRule sharedApiKnowsNoApiPackage =
      noClasses()
          .that()
          .resideInAPackage("io.mediaflow.api..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.mediaflow.transcoding..",
              "io.mediaflow.live..",
              "io.mediaflow.delivery..",
              "io.mediaflow.worker..",
              "io.mediaflow.callback..");

  /**
   * What the plugin records for operators is beneath everything it records for: any package may
   * report to it, and it knows none of them.
   */
  @ArchTest
  static final ArchRule observabilityKnowsNoOtherPackage =
      noClasses()
          .that()
          .resideInAPackage("io.mediaflow.observability..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.mediaflow",
              "io.mediaflow.api..",
              "io.mediaflow.transcoding..",
              "io.mediaflow.live..",
              "io.mediaflow.delivery..",
              "io.mediaflow.worker..",
              "io.mediaflow.callback..");

  /**
   * A public type outside {@code internal} shows no internal type in what applications see of it:
   * its supertypes, and the types of its public and protected fields, constructors and methods.
   */
  @ArchTest
  static final ArchRule noInternalTypeInAPublicSignature =
      classes()
          .that()
          .arePublic()
          .and()
          .resideOutsideOfPackage("..internal..")
          .should(exposeNoInternalType());

  private static ArchCondition<JavaClass> exposeNoInternalType() {
    return new ArchCondition<>("expose no type of an internal package in a public signature") {
      @Override
      public void check(JavaClass type, ConditionEvents events) {
        List<String> exposed = new ArrayList<>();
        type.getRawSuperclass()
            .filter(LayeringTest::isInternal)
            .ifPresent(superclass -> exposed.add("extends " + superclass.getName()));
        type.getRawInterfaces().stream()
            .filter(LayeringTest::isInternal)
            .forEach(face -> exposed.add("implements " + face.getName()));
        for (JavaMember member : type.getMembers()) {
          if (!isVisible(member)) {
            continue;
          }
          Set<JavaClass> shown =
              member instanceof JavaField field
                  ? Set.of(field.getRawType())
                  : signature((JavaCodeUnit) member);
          shown.stream()
              .filter(LayeringTest::isInternal)
              .forEach(
                  internal -> exposed.add(member.getFullName() + " shows " + internal.getName()));
        }
        for (String finding : exposed) {
          events.add(SimpleConditionEvent.violated(type, type.getName() + " " + finding));
        }
      }
    };
  }

  private static Set<JavaClass> signature(JavaCodeUnit code) {
    var types = new java.util.LinkedHashSet<JavaClass>(code.getRawParameterTypes());
    types.add(code.getRawReturnType());
    return types;
  }

  private static boolean isVisible(JavaMember member) {
    Set<JavaModifier> modifiers = member.getModifiers();
    return (modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED))
        && !modifiers.contains(JavaModifier.SYNTHETIC);
  }

  private static boolean isInternal(JavaClass type) {
    return INTERNAL.test(type);
  }

  private static final DescribedPredicate<JavaClass> INTERNAL =
      DescribedPredicate.describe(
          "in an internal package", type -> type.getPackageName().contains(".internal"));

  /** The API fixtures (io.mediaflow.fixtures) are test data of another module, not the plugin. */
  static final class WithoutFixtures implements ImportOption {
    @Override
    public boolean includes(Location location) {
      return !location.contains("/io/mediaflow/fixtures/");
    }
  }
}
