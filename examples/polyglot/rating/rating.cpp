// The polyglot example's Rating scene, in C++ against scene_host.h alone (examples/polyglot.conf).
//
// Tasting (Swift) routes here by name passing RatingInput { subject: String }, the argument of
// RatingDataStore_acceptInput. `more` and `less` change the stars (1 to 5); `why` routes by name to
// Comment (Swift) passing CommentInput { subject }, and the CommentResult { text } it hands back is
// the rating's comment (RatingDataStore_acceptResult). `done` leaves; as Rating leaves, by `done` or
// the user's Back, RatingRouter_produceResult hands RatingResult { stars: Int, comment: String? }
// back to Tasting, the comment NULL (nil) when there is none.
//
// The header is C with `extern "C"` guards: the roles the host finds by name are `extern "C"` (no
// mangled names), and no C++ exception may cross into the host, which is not C++: every role catches
// everything and reports it with `fail`, so the user sees the message and the host stays up.
#include <scene_host.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <string>

namespace {

const scene_host_api *host = nullptr;

// A payload the scene still owns: destroyed unless it is released to `route`, which takes it.
struct PayloadRelease {
    void operator()(scene_host_payload *payload) const noexcept { host->payload_destroy(payload); }
};
using OwnedPayload = std::unique_ptr<scene_host_payload, PayloadRelease>;

// Rating's use cases, as Clean Swift models: what each step of the VIP cycle hands the next.
namespace Models {
struct ShowRatingResponse {
    const std::string &subject;
    int stars;
    const std::optional<std::string> &comment;
};
struct ShowRatingViewModel {
    std::string title;
    std::string stars;
    std::string comment;
};
}  // namespace Models

// The scene: its DataStore (subject, stars, comment), the VIP parts as member functions in the
// sections below, and what the ViewController displays. Made by RatingInteractor_create, freed by
// RatingInteractor_destroy: its strings free themselves (RAII).
class Rating {
public:
    static constexpr int fewestStars = 1;
    static constexpr int mostStars = 5;

    explicit Rating(scene_host_scene *scene) noexcept : scene_(scene) {}

    scene_host_scene *scene() const noexcept { return scene_; }

    // MARK: DataStore

    void acceptInput(const char *subject) { subject_ = subject; }

    void acceptResult(const char *text) { comment_ = std::string(text); }

    // MARK: Interactor (business logic)

    void showRating() { presentRating(Models::ShowRatingResponse{subject_, stars_, comment_}); }

    void changeStars(int by) {
        stars_ = std::clamp(stars_ + by, fewestStars, mostStars);
        showRating();
    }

    // MARK: Presenter (presentation logic)

    void presentRating(const Models::ShowRatingResponse &response) {
        std::string stars = std::to_string(response.stars) + (response.stars == 1 ? " star" : " stars");
        std::string comment = response.comment ? "Comment: " + *response.comment : "No comment yet";
        displayRating(Models::ShowRatingViewModel{"Rate " + response.subject, std::move(stars), std::move(comment)});
    }

    // MARK: ViewController (display logic)

    void displayRating(Models::ShowRatingViewModel viewModel) { viewModel_ = std::move(viewModel); }

    void render(scene_host_screen *screen) const {
        host->set_title(screen, viewModel_.title.c_str());
        host->add_label(screen, "stars", viewModel_.stars.c_str());
        host->add_label(screen, "comment", viewModel_.comment.c_str());
        host->add_button(screen, "more", "More stars");
        host->add_button(screen, "less", "Fewer stars");
        host->add_button(screen, "why", "Say why");
        host->add_button(screen, "done", "Done");
    }

    void handleTap(const std::string &button) {
        if (button == "more") {
            changeStars(+1);
        } else if (button == "less") {
            changeStars(-1);
        } else if (button == "why") {
            routeToComment();
        } else if (button == "done") {
            routeBack();
        }
    }

    // MARK: Router: routing

    void routeToComment() {
        OwnedPayload input = passDataToComment();
        if (input) host->route(scene_, "Comment", input.release());
    }

    void routeBack() { host->route_back(scene_); }

    // MARK: Router: passing data

    // Comment's declared input, CommentInput { subject: String }.
    OwnedPayload passDataToComment() const {
        OwnedPayload input(host->payload_create("CommentInput"));
        if (input) host->payload_set_string(input.get(), "subject", subject_.c_str());
        return input;
    }

    // Tasting's accepted result, RatingResult { stars: Int, comment: String? }, filled into the
    // payload the host made; NULL is the nil of `String?`.
    void passDataToTasting(scene_host_payload *result) const {
        host->payload_set_int(result, "stars", stars_);
        host->payload_set_string(result, "comment", comment_ ? comment_->c_str() : nullptr);
    }

private:
    scene_host_scene *scene_;
    std::string subject_;
    int stars_ = 3;
    std::optional<std::string> comment_;
    Models::ShowRatingViewModel viewModel_;
};

// Runs one role's body: an exception stops here and fails the role with its message, since
// unwinding through the host (C frames, libffi) would be undefined behaviour.
template <typename Body>
void guarded(scene_host_scene *scene, Body &&body) noexcept {
    try {
        body();
    } catch (const std::exception &error) {
        host->fail(scene, error.what());
    } catch (...) {
        host->fail(scene, "Rating failed with an exception that is not a std::exception");
    }
}

}  // namespace

// MARK: Roles the host calls

extern "C" {

SCENE_HOST_EXPORT void *RatingInteractor_create(scene_host_scene *scene) {
    // NULL refuses to build the scene: the host says so, as for any scene that cannot be made.
    return new (std::nothrow) Rating(scene);
}

SCENE_HOST_EXPORT void RatingInteractor_destroy(Rating *rating) {
    delete rating;
}

SCENE_HOST_EXPORT void RatingDataStore_acceptInput(Rating *rating, const char *subject) {
    guarded(rating->scene(), [&] { rating->acceptInput(subject); });
}

SCENE_HOST_EXPORT void RatingDataStore_acceptResult(Rating *rating, const char *text) {
    guarded(rating->scene(), [&] { rating->acceptResult(text); });
}

SCENE_HOST_EXPORT int32_t RatingRouter_produceResult(Rating *rating, scene_host_payload *result) {
    bool filled = false;
    guarded(rating->scene(), [&] {
        rating->passDataToTasting(result);
        filled = true;
    });
    return filled ? 1 : 0;
}

SCENE_HOST_EXPORT void RatingViewController_viewWillAppear(Rating *rating) {
    guarded(rating->scene(), [&] { rating->showRating(); });
}

SCENE_HOST_EXPORT void RatingViewController_render(Rating *rating, scene_host_screen *screen) {
    guarded(rating->scene(), [&] { rating->render(screen); });
}

SCENE_HOST_EXPORT void RatingViewController_handleTap(Rating *rating, const char *button) {
    guarded(rating->scene(), [&] { rating->handleTap(button); });
}

// MARK: Registration

static int32_t register_scenes(const scene_host_api *api, scene_host_registration *registration) {
    host = api;
    api->declare_scene(registration, "Rating");
    api->declare_input(registration, "Rating", "RatingInput", "subject: String");
    api->declare_accepted_result(registration, "Rating", "CommentResult", "text: String");
    api->declare_returned_result(registration, "Rating", "RatingResult", "stars: Int, comment: String?");
    api->declare_route(registration, "Rating", "Comment", "push", "CommentInput", "subject: String");
    api->declare_role(registration, "Rating", "Interactor_create", "pointer(pointer)");
    api->declare_role(registration, "Rating", "Interactor_destroy", "void(pointer)");
    api->declare_role(registration, "Rating", "DataStore_acceptInput", "void(pointer, string)");
    api->declare_role(registration, "Rating", "DataStore_acceptResult", "void(pointer, string)");
    api->declare_role(registration, "Rating", "Router_produceResult", "int32(pointer, pointer)");
    api->declare_role(registration, "Rating", "ViewController_viewWillAppear", "void(pointer)");
    api->declare_role(registration, "Rating", "ViewController_render", "void(pointer, pointer)");
    api->declare_role(registration, "Rating", "ViewController_handleTap", "void(pointer, string)");
    return SCENE_HOST_OK;
}

SCENE_HOST_EXPORT extern const scene_host_plugin_descriptor scene_host_plugin;
const scene_host_plugin_descriptor scene_host_plugin = {
    SCENE_HOST_C_MAGIC, SCENE_HOST_C_INTERFACE_VERSION, "RatingCpp", "1.0.0", register_scenes,
};

}  // extern "C"
