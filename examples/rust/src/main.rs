//! A tiny notes app on GTK 3 in Rust, with Armchair in one line: it asks satisfied, regular
//! users for a rating, and counts each save as a significant event.

mod armchair;

use gtk::glib;
use gtk::prelude::*;

const APP_ID: &str = "org.example.Notes";

fn main() {
    glib::set_application_name("Notes");
    let app = gtk::Application::new(Some(APP_ID), Default::default());

    // Armchair: counts launches and use, and asks at a good moment. Besides its defaults (30
    // days, 20 launches), the user must have saved 3 times. The app runs without it.
    let engine = armchair::Configuration::new(APP_ID, Some(env!("CARGO_PKG_VERSION")))
        .and_then(|configuration| {
            configuration.set("significant-events-until-prompt", 3)?;
            armchair::Binding::attach(&app, &configuration)
        })
        .map(|binding| binding.engine())
        .map_err(|error| eprintln!("Armchair is off: {error}"))
        .ok();
    if let Some(engine) = &engine {
        engine.connect_answered(|answer| println!("answered: {answer:?}"));
    }

    app.connect_activate(move |app| build_window(app, engine.clone()));
    std::process::exit(app.run());
}

fn build_window(app: &gtk::Application, engine: Option<armchair::Engine>) {
    let window = gtk::ApplicationWindow::new(app);
    window.set_title("Notes");
    window.set_default_size(480, 320);

    let text = gtk::TextView::new();
    if let Some(buffer) = text.buffer() {
        buffer.set_text("Buy milk");
    }
    let save = gtk::Button::with_label("Save");
    save.connect_clicked(move |_| {
        if let Some(engine) = &engine {
            engine.significant_event("saved");
        }
    });

    let column = gtk::Box::new(gtk::Orientation::Vertical, 6);
    column.pack_start(&text, true, true, 0);
    column.pack_start(&save, false, false, 0);
    window.add(&column);
    window.show_all();
}
