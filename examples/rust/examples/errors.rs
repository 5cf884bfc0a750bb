//! The wrapper's error paths, as an app meets them: each bad call is an `Err(glib::Error)` in
//! Armchair's domain with a clear message, and the app goes on to attach a good configuration.

// The app's own wrapper; this program uses only its error paths.
#[allow(dead_code)]
#[path = "../src/armchair.rs"]
mod armchair;

use gtk::glib;

fn report(call: &str, result: Result<armchair::Binding, glib::Error>) {
    match result {
        Ok(_) => println!("{call}: attached"),
        Err(error) => println!("{call}: {:?}: {error}", error.kind::<armchair::Error>()),
    }
}

fn main() {
    if let Err(error) = gtk::init() {
        eprintln!("no display: {error}");
        std::process::exit(1);
    }
    let app = gtk::Application::new(Some("org.example.Notes"), Default::default());
    let attach = |app_id: &str| {
        armchair::Configuration::new(app_id, Some("1.0"))
            .and_then(|configuration| armchair::Binding::attach(&app, &configuration))
    };
    report("empty app ID", attach(""));
    report("app ID with a NUL byte", attach("org.example\0Notes"));
    let setting = armchair::Configuration::new("org.example.Notes", None)
        .and_then(|configuration| configuration.set("no-such-setting", 1));
    println!("unknown setting: {setting:?}");
    report("good configuration", attach("org.example.Notes"));
    report("second attach", attach("org.example.Notes"));
}
