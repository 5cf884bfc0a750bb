//! A small safe Rust API over the few functions of libarmchair that a GTK 3 app needs: a
//! `Configuration`, the `Binding` that attaches Armchair to a `gtk::Application`, and its
//! `Engine` for significant events and the `answered` signal.
//!
//! The C functions are declared here by hand (gtk-rs's `gir` tool would generate them from
//! `Armchair-1.0.gir` and `ArmchairGtk3-1.0.gir`); build.rs links them through pkg-config.
//! Every object is a `glib::Object`, so references are counted by GObject, and errors are
//! `glib::Error`s in Armchair's domain (`armchair-error-quark`), matched with `Error`.

use std::ffi::CString;
use std::marker::PhantomData;
use std::ptr;

use gtk::glib;
use gtk::glib::prelude::*;
use gtk::glib::translate::{from_glib, from_glib_full, from_glib_none, ToGlibPtr};

/// The C declarations, from `armchair.h` and `armchair-gtk3.h`.
mod ffi {
    use std::os::raw::c_char;

    use gtk::glib::ffi::{GError, GQuark};

    /// An `ArmchairConfiguration *`: a GObject whose fields are private.
    #[repr(C)]
    pub struct ArmchairConfiguration {
        _private: [u8; 0],
    }

    /// An `ArmchairEngine *`: a GObject whose fields are private.
    #[repr(C)]
    pub struct ArmchairEngine {
        _private: [u8; 0],
    }

    /// An `ArmchairGtk3Binding *`: a GObject whose fields are private.
    #[repr(C)]
    pub struct ArmchairGtk3Binding {
        _private: [u8; 0],
    }

    /// An `ArmchairApplicationBinding *`: every toolkit's binding is one (its parent class).
    #[repr(C)]
    pub struct ArmchairApplicationBinding {
        _private: [u8; 0],
    }

    extern "C" {
        pub fn armchair_error_quark() -> GQuark;
        pub fn armchair_configuration_new(
            app_id: *const c_char,
            app_version: *const c_char,
        ) -> *mut ArmchairConfiguration;
        pub fn armchair_gtk3_attach(
            application: *mut gtk::ffi::GtkApplication,
            configuration: *mut ArmchairConfiguration,
            error: *mut *mut GError,
        ) -> *mut ArmchairGtk3Binding;
        pub fn armchair_application_binding_get_engine(
            binding: *mut ArmchairApplicationBinding,
        ) -> *mut ArmchairEngine;
        pub fn armchair_engine_significant_event(engine: *mut ArmchairEngine, name: *const c_char);
    }
}

/// The codes of Armchair's errors (`ArmchairError`): `error.kind::<armchair::Error>()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A setting has an unusable value; the message names every problem.
    Configuration,
    /// The app's settings file cannot be read or has unusable values.
    SettingsFile,
    /// Armchair is already attached to this application.
    AlreadyAttached,
}

impl glib::error::ErrorDomain for Error {
    fn domain() -> glib::Quark {
        // SAFETY: armchair_error_quark takes nothing and returns a quark GLib keeps forever.
        unsafe { from_glib(ffi::armchair_error_quark()) }
    }

    fn code(self) -> i32 {
        match self {
            Error::Configuration => 0,
            Error::SettingsFile => 1,
            Error::AlreadyAttached => 2,
        }
    }

    fn from(code: i32) -> Option<Self> {
        match code {
            0 => Some(Error::Configuration),
            1 => Some(Error::SettingsFile),
            2 => Some(Error::AlreadyAttached),
            _ => None,
        }
    }
}

/// What the user did with the rating prompt (`ArmchairAnswer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Chose to rate; this version counts as rated.
    Rate,
    /// Asked to be reminded later.
    RemindLater,
    /// Said "No, thanks".
    Decline,
    /// Closed the prompt without choosing (recorded like `RemindLater`).
    Dismissed,
    /// Did not enjoy the app and sent feedback instead.
    SentFeedback,
    /// An answer of a newer libarmchair, by its code.
    Other(i32),
}

impl Answer {
    fn from_code(code: i32) -> Answer {
        match code {
            0 => Answer::Rate,
            1 => Answer::RemindLater,
            2 => Answer::Decline,
            3 => Answer::Dismissed,
            4 => Answer::SentFeedback,
            other => Answer::Other(other),
        }
    }
}

/// A C string of `text`, or a configuration error naming `what` when it holds a NUL byte.
fn c_string(what: &str, text: &str) -> Result<CString, glib::Error> {
    CString::new(text).map_err(|_| {
        glib::Error::new(
            Error::Configuration,
            &format!("{what} {text:?}: it contains a NUL byte"),
        )
    })
}

/// Everything that decides when Armchair asks, and what the prompt says
/// (`ArmchairConfiguration`). Every setting is a property with the kebab-case name of the
/// settings file's key: `configuration.set("significant-events-until-prompt", 5)`.
#[derive(Debug, Clone)]
pub struct Configuration(glib::Object);

impl Configuration {
    /// A configuration with Armchair's defaults for the app `app_id` at `app_version`
    /// (`None` when unknown). An unusable app ID is reported when the configuration is
    /// validated or attached.
    pub fn new(app_id: &str, app_version: Option<&str>) -> Result<Configuration, glib::Error> {
        let app_id = c_string("app ID", app_id)?;
        let app_version = app_version
            .map(|version| c_string("app version", version))
            .transpose()?;
        // SAFETY: both strings are NUL-terminated and outlive the call, which copies them;
        // the result is a new configuration (transfer full), never NULL, which the
        // glib::Object now owns.
        let object = unsafe {
            let configuration = ffi::armchair_configuration_new(
                app_id.as_ptr(),
                app_version
                    .as_ref()
                    .map_or(ptr::null(), |version| version.as_ptr()),
            );
            from_glib_full(configuration as *mut glib::gobject_ffi::GObject)
        };
        Ok(Configuration(object))
    }

    /// Sets the setting `name` (a property, such as `"days-until-prompt"`) to `value`.
    /// An unknown name or a value of the wrong type is an `Error::Configuration`; a number
    /// out of the setting's range is refused by GObject with a warning.
    pub fn set<V: ToValue>(&self, name: &str, value: V) -> Result<(), glib::Error> {
        self.0
            .set_property(name, value)
            .map_err(|error| glib::Error::new(Error::Configuration, &error.message))
    }

    fn as_ptr(&self) -> *mut ffi::ArmchairConfiguration {
        let object: *mut glib::gobject_ffi::GObject = self.0.to_glib_none().0;
        object as *mut ffi::ArmchairConfiguration
    }
}

/// Armchair attached to a `gtk::Application` (`ArmchairGtk3Binding`): it counts launches and
/// use, and shows the prompt over the active window when the rules allow. The application
/// keeps it alive: dropping it changes nothing.
#[derive(Debug, Clone)]
pub struct Binding(glib::Object);

impl Binding {
    /// Attaches Armchair to `application`, before it runs, with a copy of `configuration`.
    /// Fails with `Error::Configuration` listing every unusable setting, or
    /// `Error::AlreadyAttached` for an application that already has a binding.
    pub fn attach(
        application: &gtk::Application,
        configuration: &Configuration,
    ) -> Result<Binding, glib::Error> {
        let mut error = ptr::null_mut();
        // SAFETY: gtk::Application is a live GtkApplication, made on the main thread as
        // gtk-rs requires, so the attach's main-thread check holds; the configuration is a live
        // ArmchairConfiguration, and `error` a NULL GError location.
        let binding = unsafe {
            ffi::armchair_gtk3_attach(
                application.to_glib_none().0,
                configuration.as_ptr(),
                &mut error,
            )
        };
        if !binding.is_null() {
            // SAFETY: a non-NULL result is a new reference (transfer full), owned from now on.
            return Ok(Binding(unsafe {
                from_glib_full(binding as *mut glib::gobject_ffi::GObject)
            }));
        }
        if error.is_null() {
            return Err(glib::Error::new(
                Error::Configuration,
                "armchair_gtk3_attach refused its arguments (see the critical in the log)",
            ));
        }
        // SAFETY: a NULL result with `error` set: a new GError, which glib::Error now owns.
        Err(unsafe { from_glib_full(error) })
    }

    /// The binding's engine: the same object every time.
    pub fn engine(&self) -> Engine {
        let binding: *mut glib::gobject_ffi::GObject = self.0.to_glib_none().0;
        // SAFETY: the binding is alive for the call; its engine is never NULL and is returned
        // without a reference (transfer none), so from_glib_none takes one of our own.
        let object = unsafe {
            let engine = ffi::armchair_application_binding_get_engine(
                binding as *mut ffi::ArmchairApplicationBinding,
            );
            from_glib_none(engine as *mut glib::gobject_ffi::GObject)
        };
        Engine {
            object,
            main_thread_only: PhantomData,
        }
    }
}

/// What counts uses and events, and decides (`ArmchairEngine`). It is used on the main thread
/// only, so it is neither `Send` nor `Sync`.
#[derive(Debug, Clone)]
pub struct Engine {
    object: glib::Object,
    main_thread_only: PhantomData<*const ()>,
}

impl Engine {
    /// The user did something that shows the app is valuable to them (`name`: ASCII letters,
    /// digits, `_`, `-` and `.`): it is counted, and the prompt shown if the rules allow. A
    /// name that cannot be used is ignored with an error in the log.
    pub fn significant_event(&self, name: &str) {
        let name = match CString::new(name) {
            Ok(name) => name,
            Err(_) => {
                glib::g_warning!(
                    "Armchair",
                    "event name {name:?} ignored: it contains a NUL byte"
                );
                return;
            }
        };
        let engine: *mut glib::gobject_ffi::GObject = self.object.to_glib_none().0;
        // SAFETY: the engine is alive for the call and this is the main thread (Engine is not
        // Send); the name is NUL-terminated and copied by the call.
        unsafe {
            ffi::armchair_engine_significant_event(
                engine as *mut ffi::ArmchairEngine,
                name.as_ptr(),
            )
        };
    }

    /// Calls `callback` with each answer, once it is saved (the `answered` signal).
    pub fn connect_answered<F: Fn(Answer) + 'static>(&self, callback: F) -> glib::SignalHandlerId {
        self.object
            .connect_local("answered", false, move |values| {
                if let Some(answer) = values.get(1).and_then(glib::EnumValue::from_value) {
                    callback(Answer::from_code(answer.value()));
                }
                None
            })
            .expect("every ArmchairEngine has the answered signal, with no return value")
    }
}
